import { LegalDocument, type LegalSection } from './LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Information we collect',
    paragraphs: [
      'Account information: your first and last name, email address, username, a securely hashed password, your role in your team, and whether you subscribed to our newsletter.',
      'Content you create: API definitions you import or design, endpoint configuration, response schemas, test data, access tokens for your sandboxes, prompts you send to API Copilot, and feedback you submit with its attachments.',
      'Usage information: requests made to your sandboxes and through API Lab, sign-in events, IP addresses, browser type and error logs, which we need to operate, secure and improve the service.',
    ],
  },
  {
    heading: 'How we use information',
    paragraphs: [
      'We use your information to provide the service, to verify your email address, to let you collaborate with your team, to answer your feedback, to prevent abuse, and to send service messages. We send the newsletter only if you asked for it, and you can unsubscribe at any time.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'We do not sell your personal information. Members of your team can see the APIs, tokens and member list of that team.',
      'We share data with service providers that host our infrastructure, deliver email or, when you use the AI features, generate specifications and test data; they may use it only to provide those services to us.',
      'We may disclose information when the law requires it, to protect the rights and safety of our users or of the service, or as part of a merger or acquisition, in which case this policy will continue to apply.',
    ],
  },
  {
    heading: 'Retention',
    paragraphs: [
      'We keep your account information while your account is active. When you deactivate your account we delete or anonymise your personal information within 90 days, except where we must keep it to meet legal obligations or resolve disputes.',
      'Because API Sandbox is in alpha, sandbox content may be deleted sooner when we reset environments.',
    ],
  },
  {
    heading: 'Security',
    paragraphs: [
      'We protect your information with encrypted connections, hashed passwords and access controls. No system is perfectly secure, which is one more reason not to store confidential data in the sandbox.',
    ],
  },
  {
    heading: 'Your choices and rights',
    paragraphs: [
      'You can review and correct your account information, change your password, and deactivate your account from Settings. Depending on where you live, you may also have the right to request a copy of your data or its deletion. Contact us to make such a request.',
    ],
  },
  {
    heading: 'Children',
    paragraphs: [
      'API Sandbox is not meant for anyone under 18, and we do not knowingly collect their information.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: [
      'Questions about this policy or your data can be sent through Help > Submit Feedback in the app, or by email to privacy@apisandbox.example. We will answer within 30 days.',
    ],
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 2023"
      intro="This policy explains what information API Sandbox collects, how we use and share it, how long we keep it and how to reach us."
      sections={SECTIONS}
    />
  );
}
