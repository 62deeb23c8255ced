import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { registerStaticSites, type SiteDirs } from './lib/static-sites.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { registerAdminGuard } from './modules/accounts/admin-access.ts';
import { createAuth } from './modules/accounts/auth.ts';
import { registerViewer } from './modules/accounts/viewer.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createOutboxMailer, type Mailer } from './modules/email/mailer.ts';
import { systemRoutes } from './modules/system/system.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export interface AppDeps {
  db: Db;
  /** Where the built front ends and demo images are; defaults to the repo's build folders. */
  sites?: SiteDirs;
  /** Defaults to the provider chosen in config (the database outbox unless MAILER=smtp). */
  mailer?: Mailer;
}

/** Builds the whole HTTP application (API, docs, both front ends) without listening. Tests use it with inject(). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  const mailer = deps.mailer ?? createOutboxMailer(deps.db);
  const auth = createAuth(config, deps.db, mailer);
  registerViewer(app, auth);
  registerAdminGuard(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  // Off by default; routes that need it (sign-in, password reset, checkout) opt in with config.rateLimit.
  await app.register(fastifyRateLimit, { global: false });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.shopName} API`, version: '0.1.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(catalogRoutes);
      await api.register(accountsRoutes, { auth });
    },
    { prefix: '/api' },
  );

  await registerStaticSites(app, deps.sites);
  return app;
}
