// spec §5 and §8: every user-facing message, word for word.

export const validation = {
  usernameRequired: 'Username is required',
  signinPasswordMin: 'password must be at least 6 characters',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailInvalid: 'Invalid email address.',
  emailRequired: 'Email is required.',
  signupPasswordMin: 'password must be at least 8 characters.',
  passwordStrength: 'At least one uppercase, lowercase, digits, and symbol character is required.',
  otpRequired: 'OTP is required',
  passwordMismatch: 'Password does not match.',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

export const messages = {
  loginFailed: 'Email/username and password are incorrect. Try again.',
  loginUnverified: 'Please verify your email address.',
  resendVerificationEmail: 'Resend Verification Email',
  loginSuccess: 'Login successful.',
  registerFailed: 'Email/Username is already exist. Try again.',
  verificationFailed: 'Invalid Token!!',
  resendSuccess: 'Verification Link sent successfully.',
  resendIncorrect: 'Email is incorrect. Try again.',
  resendOther: 'Something went wrong, please try again.',
  somethingWrong: 'Sorry, something went wrong.',
  somethingWrongTryAgain: 'Sorry, something went wrong. Try again.',
  notFoundPage: "Sorry, we couldn't find this page.",
  backToHomepage: 'Back to homepage',
  signOutTitle: 'Sign out',
  signOutText: 'Are you sure you wish to sign out?',
  routerFallback: 'Unexpected Application Error!',
} as const;
