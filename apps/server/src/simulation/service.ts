import { type Behaviour, behaviourMessages, SIMULATED_FAILURES } from '@sandbox/contracts';
import { teamOf } from '../apis/service.js';
import type { User } from '../auth/store.js';
import { Invalid, NotFound } from '../http/errors.js';
import type { BehaviourStore } from './store.js';

interface SimulationDeps {
  store: BehaviourStore;
  /** Told after every change, so the API's compiled sandbox is rebuilt with it. */
  onChange: (apiMasterId: number) => void;
}

const simulatedFailure = (status: number) => (SIMULATED_FAILURES as readonly number[]).includes(status);

/** Whether a status is among the responses an endpoint declares: exactly, or by its range (`5XX`). */
export function declares(codes: string[], status: number): boolean {
  return codes.some((code) => {
    const written = code.trim().toUpperCase();
    return written === String(status) || written === `${String(status)[0]}XX`;
  });
}

/**
 * The traffic simulation of an API's endpoints (delays, failures): each endpoint's own, and the API's
 * default for endpoints without one.
 */
export function createSimulationService({ store, onChange }: SimulationDeps) {
  async function apiOf(user: User, apiMasterId: number) {
    const api = await store.findApi(teamOf(user), apiMasterId);
    if (!api) throw new NotFound('API not found');
    return api;
  }

  async function declaredCodesOf(user: User, apiMasterId: number, endpointId: number) {
    await apiOf(user, apiMasterId);
    const codes = await store.declaredCodes(apiMasterId, endpointId);
    if (!codes) throw new NotFound('Endpoint not found');
    return codes;
  }

  return {
    /**
     * An endpoint fails with a status it declares (answered as declared), a server error the sandbox
     * writes as problem details, or a dropped connection; null removes its own (the API's then applies).
     */
    async setEndpointBehaviour(
      user: User,
      apiMasterId: number,
      endpointId: number,
      behaviour: Behaviour | null,
    ): Promise<void> {
      const codes = await declaredCodesOf(user, apiMasterId, endpointId);
      const status = behaviour?.failureStatus;
      if (status !== undefined && !simulatedFailure(status) && !declares(codes, status)) {
        throw new Invalid(behaviourMessages.endpointStatus, `The endpoint does not declare ${status}`);
      }
      await store.setEndpointBehaviour(apiMasterId, endpointId, behaviour);
      onChange(apiMasterId);
    },

    /**
     * The default of endpoints without their own. Endpoints differ in what they declare, so any
     * failure status (400–599) is taken: one an endpoint declares answers as declared, else as
     * problem details.
     */
    async setApiBehaviour(user: User, apiMasterId: number, behaviour: Behaviour | null): Promise<void> {
      await apiOf(user, apiMasterId);
      const status = behaviour?.failureStatus;
      if (status !== undefined && status !== 0 && (status < 400 || status > 599)) {
        throw new Invalid(behaviourMessages.apiStatus);
      }
      await store.setApiBehaviour(apiMasterId, behaviour);
      onChange(apiMasterId);
    },
  };
}

export type SimulationService = ReturnType<typeof createSimulationService>;
