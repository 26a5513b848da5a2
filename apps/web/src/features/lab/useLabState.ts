import type { ApiMaster, EndpointDetail, LabCredentials, LabResponse, TokenRecord } from '@sandbox/contracts';
import { useState } from 'react';
import {
  aRow,
  bodyTemplateOf,
  fillPathParams,
  formatIfJson,
  operationHeaders,
  operationParams,
  presetToken,
  type Row,
  withAuthorization,
  withOperationHeaders,
} from './labRequest';
import type { LabSeed } from './labSeed';

/** What the Lab shows in its response area: an answer, or the reason a send failed. */
export type LabOutcome =
  | { kind: 'answer'; answer: LabResponse; method: string }
  | { kind: 'failure'; message: string; detail?: string };

/** The Lab's form: spec §4's resets when an API or a method is chosen, and the path placeholders. */
export function useLabState() {
  const [api, setApi] = useState<ApiMaster | null>(null);
  const [endpointId, setEndpointId] = useState<number | null>(null);
  const [method, setMethod] = useState('');
  const [template, setTemplate] = useState('');
  const [url, setUrl] = useState('');
  const [pathValues, setPathValues] = useState<Record<string, string>>({});
  const [params, setParams] = useState<Row[]>([]);
  const [headers, setHeaders] = useState<Row[]>([]);
  const [body, setBody] = useState('');
  const [outcome, setOutcome] = useState<LabOutcome | null>(null);
  /** What the chosen method's security got filled with, or could not be. */
  const [credentials, setCredentials] = useState<LabCredentials | null>(null);

  return {
    api,
    endpointId,
    method,
    url,
    pathValues,
    params,
    headers,
    body,
    outcome,
    credentials,
    setUrl,
    setParams,
    setHeaders,
    setBody,
    setOutcome,

    /** spec §4: choosing an API resets everything, then presets its token when it needs one. */
    chooseApi(next: ApiMaster | null, tokens: TokenRecord[]) {
      setApi(next);
      setEndpointId(null);
      setMethod('');
      setTemplate('');
      setUrl('');
      setPathValues({});
      setParams([]);
      setBody('');
      setOutcome(null);
      setCredentials(null);
      const token = next ? presetToken(next, tokens) : null;
      setHeaders(token ? withAuthorization([], token) : []);
    },

    chooseEndpoint(id: number) {
      setEndpointId(id);
      setOutcome(null);
      setCredentials(null);
      const summary = api?.apiConfigList.find((e) => e.id === id);
      setMethod(summary?.methodType ?? '');
      setTemplate(summary?.publicEndPoint ?? '');
      setUrl(summary?.publicEndPoint ?? '');
      setPathValues({});
    },

    /**
     * Once the endpoint's configuration arrives: its query keys, its body template, and the headers
     * and credentials it needs in place of those filled for the previous method.
     */
    applyEndpoint(detail: EndpointDetail) {
      setParams(
        operationParams(
          detail.parameterConfigList.filter((p) => p.parameterType === 'query').map((p) => p.keyName),
          detail.labCredentials?.filled,
        ),
      );
      setHeaders((rows) => withOperationHeaders(rows, operationHeaders(detail.methodType, detail)));
      setCredentials(detail.labCredentials ?? null);
      setBody(bodyTemplateOf(detail));
    },

    /** Starts from a request another screen handed over (labSeed.ts), instead of the endpoint's defaults. */
    seed(next: ApiMaster, seed: LabSeed, tokens: TokenRecord[]) {
      setApi(next);
      setEndpointId(seed.endpointId);
      setMethod(seed.method);
      const summary = next.apiConfigList.find((e) => e.id === seed.endpointId);
      setTemplate(summary?.publicEndPoint ?? seed.url);
      setUrl(seed.url);
      setPathValues({});
      setParams(seed.query.map(([key, value]) => aRow(key, value)));
      const rows = seed.headers.map(([key, value]) => aRow(key, value));
      // A handed-over credential is masked: the API's own token takes its place when it has one.
      const token = presetToken(next, tokens);
      const hasAuthorization = rows.some((r) => r.key.toLowerCase() === 'authorization');
      setHeaders(token && hasAuthorization ? withAuthorization(rows, token) : rows);
      setBody(formatIfJson(seed.body));
      setOutcome(null);
      setCredentials(null);
    },

    setPathValue(key: string, value: string) {
      const next = { ...pathValues, [key]: value };
      setPathValues(next);
      setUrl(fillPathParams(template, next));
    },

    setToken(token: string) {
      setHeaders((rows) => withAuthorization(rows, token));
    },
  };
}

export type LabState = ReturnType<typeof useLabState>;
