import { SIMULATED_FAILURES } from '@sandbox/contracts';

// Which statuses a simulated failure may answer: read by saving a behaviour and by importing one.

/** Whether a status is among the responses an endpoint declares: exactly, or by its range (`5XX`). */
export function declares(codes: string[], status: number): boolean {
  return codes.some((code) => {
    const written = code.trim().toUpperCase();
    return written === String(status) || written === `${String(status)[0]}XX`;
  });
}

/** An endpoint fails with a status it declares, a server error of SIMULATED_FAILURES, or 0 (dropped). */
export function endpointMayFailWith(codes: string[], status: number): boolean {
  return (SIMULATED_FAILURES as readonly number[]).includes(status) || declares(codes, status);
}

/**
 * An API's default applies to endpoints that declare different statuses: any failure (400–599) or 0;
 * an endpoint that declares it answers as declared, the others with problem details.
 */
export function apiMayFailWith(status: number): boolean {
  return status === 0 || (status >= 400 && status <= 599);
}
