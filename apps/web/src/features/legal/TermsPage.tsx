import { LegalDocument, type LegalSection } from './LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who may use API Sandbox',
    paragraphs: [
      'You must be at least 18 years old and able to enter into a binding contract to create an account. If you use API Sandbox on behalf of a company or another organisation, you confirm that you have the authority to accept these terms for it.',
      'You are responsible for keeping your password safe and for everything done with your account, including by team members you invite.',
    ],
  },
  {
    heading: 'An alpha product',
    paragraphs: [
      'API Sandbox is in an alpha stage. Features can change, break or be removed without notice, and sandbox data, API definitions and test data may be reset while we improve the service.',
      'Do not upload or enter confidential information, personal data of others, production secrets or credentials. The sandbox is meant for mock data and designs only.',
      'The service is provided "as is" and "as available", without warranties of any kind, whether express or implied, including fitness for a particular purpose and non-infringement.',
    ],
  },
  {
    heading: 'Fees',
    paragraphs: [
      'API Sandbox is currently free of charge. We may later offer paid plans billed monthly or yearly. We will tell you before any paid plan applies to you, and you will never be charged without choosing a plan first.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'You agree not to use the service to break the law, to attack or probe other systems, to send spam, to host malware, to overload the platform, or to get around its limits or security.',
      'API Lab and deployed sandboxes must not be used to reach networks or systems you are not allowed to reach. We may suspend accounts that put the service or other users at risk.',
    ],
  },
  {
    heading: 'Your content',
    paragraphs: [
      'You keep all rights to the API definitions, schemas and test data you create or import. You give us a limited licence to store, process and serve that content only to run the service for you and your team.',
      'AI-assisted features (API Copilot and test-data generation) produce suggestions. Review them before you rely on them.',
    ],
  },
  {
    heading: 'Ending your account',
    paragraphs: [
      'You may deactivate your account at any time from Settings. We may suspend or close accounts that break these terms. Sections that by their nature should survive termination will survive it.',
    ],
  },
  {
    heading: 'Limitation of liability',
    paragraphs: [
      'To the fullest extent permitted by law, we are not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, data or goodwill. Because the service is free during the alpha, our total liability for any claim is limited to one hundred US dollars.',
    ],
  },
  {
    heading: 'Disputes and arbitration',
    paragraphs: [
      'These terms are governed by the laws of the State of Delaware, United States, without regard to its conflict-of-laws rules.',
      'Any dispute arising from these terms or the service will be resolved by binding individual arbitration rather than in court, except that either party may bring a claim in small-claims court. Class actions and class arbitrations are not permitted.',
      'You may opt out of this arbitration agreement by writing to us within 30 days of the date you first accept these terms. Opting out does not affect any other part of these terms.',
      'Any claim relating to the service must be filed within one year after it arose; otherwise it is permanently barred.',
    ],
  },
  {
    heading: 'Changes to these terms',
    paragraphs: [
      'We may update these terms as the product grows. If a change is material we will let you know by email or in the app before it takes effect. Continuing to use API Sandbox after that means you accept the new terms.',
    ],
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      updated="November 2023"
      intro="These terms govern your use of API Sandbox, our hosted service for sketching, mocking and trying out APIs. By creating an account or using the service you agree to them."
      sections={SECTIONS}
    />
  );
}
