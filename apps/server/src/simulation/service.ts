import { type Behaviour, behaviourMessages } from '@sandbox/contracts';
import { apiMayFailWith, endpointMayFailWith } from '@sandbox/engine/model/failureStatus';
import type { User } from '../auth/service.js';
import { teamOf } from '../auth/service.js';
import { Invalid, NotFound } from '../http/errors.js';
import type { BehaviourStore } from './store.js';

interface SimulationDeps {
  store: BehaviourStore;
  /** Told after every change, so the API's compiled sandbox is rebuilt with it. */
  onChange: (apiMasterId: number) => void;
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
      if (status !== undefined && !endpointMayFailWith(codes, status)) {
        throw new Invalid(behaviourMessages.endpointStatus, `The endpoint does not declare ${status}`);
      }
      await store.setEndpointBehaviour(apiMasterId, endpointId, behaviour);
      onChange(apiMasterId);
    },

    /** The default of endpoints without their own: any failure status (see apiMayFailWith). */
    async setApiBehaviour(user: User, apiMasterId: number, behaviour: Behaviour | null): Promise<void> {
      await apiOf(user, apiMasterId);
      const status = behaviour?.failureStatus;
      if (status !== undefined && !apiMayFailWith(status)) {
        throw new Invalid(behaviourMessages.apiStatus);
      }
      await store.setApiBehaviour(apiMasterId, behaviour);
      onChange(apiMasterId);
    },
  };
}

export type SimulationService = ReturnType<typeof createSimulationService>;

// What other capabilities use of this one's parts: they reach it only through this module.
export { loadApiBehaviours, loadBehaviours, storedBehaviour } from './store.js';
