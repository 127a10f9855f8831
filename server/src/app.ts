import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Deps } from './deps.js'
import { authRoutes } from './features/auth/auth.routes.js'
import { createAuthService } from './features/auth/auth.service.js'
import { systemRoutes } from './features/system/system.routes.js'
import './http/access.js'
import { registerAuthGuard } from './http/auth-guard.js'
import { blobUploadRoutes } from './http/blob-upload.routes.js'
import { registerErrorHandler } from './http/error-handler.js'
import { registerStaticWeb } from './http/static-web.js'

/** Builds the HTTP app from its dependencies. The features it serves are listed here, explicitly. */
export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  const auth = await createAuthService(deps)
  await auth.bootstrapAdmin()
  await registerAuthGuard(app, auth)

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ferry API', description: 'Self-hostable file transfer', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  await app.register(systemRoutes(deps))
  await app.register(authRoutes(deps, auth))
  if (deps.blobs.kind === 'local') await app.register(blobUploadRoutes(deps.blobs))

  await registerStaticWeb(app, deps.config.webDist)
  return app
}
