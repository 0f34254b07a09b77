/**
 * Security headers on every answer (issue 13), from @fastify/helmet: a Content-Security-Policy allowing scripts,
 * connections and fonts from this origin only, images also as data: and blob: (upload previews), inline styles
 * (antd 6 writes its CSS-in-JS into <style> tags and style attributes), no framing by anyone (frame-ancestors 'none'
 * and X-Frame-Options DENY), nosniff and a referrer that never leaves the origin's path behind.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
