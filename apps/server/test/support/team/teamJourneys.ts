// Product-level steps of the team suites: invite, follow the mailed link, set a password, sign in.
import { type InviteRequest, ROLE_DEVELOPER, teamPaths } from '@sandbox/contracts';
import { setPassword, signIn } from '../accounts.js';
import { aRegistration, type TestApp } from '../testApp.js';

type Auth = { authorization: string };

/** Meets the set-password rule and the strong-password rule alike, so change-password works too. */
export const MEMBER_PASSWORD = 'Member1pass!';

export function anInvite(overrides: Partial<InviteRequest> = {}): InviteRequest {
  const { username, emailAddress } = aRegistration();
  return {
    username,
    email: emailAddress,
    role: ROLE_DEVELOPER,
    userId: 0,
    firstName: '',
    lastName: '',
    ...overrides,
  };
}

export function invite(app: TestApp, auth: Auth, body: InviteRequest) {
  return app.server.inject({ method: 'POST', url: teamPaths.invite, headers: auth, payload: body });
}

/** The link of the last invitation mailed to `email`. */
export async function invitationLinkFor(app: TestApp, email: string): Promise<URL> {
  const mail = (await app.outbox()).filter((m) => m.to === email).at(-1);
  const link = mail?.links.find((l) => l.includes('/verification/'));
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return new URL(link);
}

/** Invites a pending member; answers its id. */
export async function invitePending(app: TestApp, ownerAuth: Auth, role = ROLE_DEVELOPER) {
  const body = anInvite({ role });
  const res = await invite(app, ownerAuth, body);
  if (res.statusCode !== 200) throw new Error(`invitation failed: ${res.statusCode} ${res.body}`);
  const link = await invitationLinkFor(app, body.email);
  return { ...body, id: Number(link.pathname.split('/').at(-1)), link };
}

/** A member who accepted the invitation, set a password and signed in. */
export async function joinTeam(app: TestApp, ownerAuth: Auth, role = ROLE_DEVELOPER) {
  const pending = await invitePending(app, ownerAuth, role);
  const verified = await app.server.inject({ method: 'POST', url: `/api/v1/auth${pending.link.pathname}` });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  const set = await setPassword(app, pending.id, MEMBER_PASSWORD, verified.json().setPasswordToken);
  if (set.statusCode !== 200) throw new Error(`set password failed: ${set.body}`);
  const session = await signIn(app, pending.username, MEMBER_PASSWORD);
  if (session.statusCode !== 200) throw new Error(`sign-in failed: ${session.body}`);
  const { jwt, user } = session.json();
  return { ...pending, password: MEMBER_PASSWORD, user, auth: { authorization: `Bearer ${jwt}` } as Auth };
}
