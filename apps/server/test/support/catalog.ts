import type { TestApp } from './testApp.js';

/** A multipart body as a browser would send it, for inject(). */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; content: string | Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('multipartFile', new Blob([file.content]), file.name);
  const request = new Request('http://form.test', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}

export const importFields = {
  apiName: 'Petstore',
  apiDescription: 'Pets and owners',
  apiVersion: '1.0',
  isAuthRequired: 'false',
};

export async function importApi(
  app: TestApp,
  auth: { authorization: string },
  document: string,
  fileName = 'petstore.yaml',
  fields: Record<string, string> = importFields,
) {
  const { payload, headers } = await multipartBody(fields, { name: fileName, content: document });
  return app.server.inject({
    method: 'POST',
    url: '/api/api-config-master/swagger/upload',
    payload,
    headers: { ...headers, ...auth },
  });
}
