import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer of the app and its API (the sandbox, served before Fastify, sets
 * its own). The session token lives in sessionStorage, so a script injected into the page would own
 * the account: only the app's own script files may run, and no other site may frame the app.
 */
export async function installSecurityHeaders(app: FastifyInstance, sandboxPrefix: string): Promise<void> {
  // The sandbox's routes (taken by the Lab's in-process calls) answer with the sandbox's own headers,
  // exactly as its network listener does.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(sandboxPrefix)) route.helmet = false;
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // MUI's styling engine (emotion) adds <style> elements at run time and React sets style
        // attributes: styles cannot run script, scripts stay locked to the app's own files.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Not `upgrade-insecure-requests`: the product is often reached over plain http on a LAN
        // address, where upgrading every asset to https would break the page.
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // TLS ends at the operator's proxy, which knows whether every subdomain serves https: HSTS is its call.
    strictTransportSecurity: false,
  });
}
