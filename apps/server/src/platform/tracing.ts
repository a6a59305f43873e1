import { register } from 'node:module';

export type Tracing = { shutdown(): Promise<void> };

/**
 * Optional OpenTelemetry traces (issue 25): with OTEL_EXPORTER_OTLP_ENDPOINT set, incoming HTTP requests and the
 * PostgreSQL queries they make are traced and sent over OTLP/HTTP (the standard OTEL_* variables apply:
 * OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …). Without it nothing is loaded. Health,
 * readiness and metrics requests are not traced. Called before the server's modules are imported.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  // ESM modules (the database driver as drizzle imports it) are instrumented through this loader hook.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const quiet = new Set(['/healthz', '/readyz', '/metrics']);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? 'groundwork',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => quiet.has((req.url ?? '').split('?')[0]) }),
      // Statements are recorded without their parameters.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
