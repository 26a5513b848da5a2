// spec §1: the alpha-stage warning shown before signing in and before creating an account.
export const ALPHA_NOTICE = {
  title: 'API Sandbox is in alpha',
  text:
    'This product is still in an early alpha stage and is free to use while we build it. ' +
    'Features may change and data may be reset, so please do not enter any confidential or personal data.',
  continueText: 'Continue',
} as const;
