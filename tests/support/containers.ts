/**
 * Throwaway servers through testcontainers, for machines with a container runtime (a developer's Docker; CI sets
 * the *_URL variables instead). Loaded lazily: without a runtime nothing here is started.
 */
export interface StartedServer { url: string; stop(): Promise<void> }

let runtime: Promise<boolean> | null = null;

export function containerRuntimeAvailable(): Promise<boolean> {
  runtime ??= import('testcontainers')
    .then(({ getContainerRuntimeClient }) => getContainerRuntimeClient())
    .then(() => true, () => false);
  return runtime;
}

export async function startPostgresContainer(): Promise<StartedServer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  return {
    url: `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
    stop: async () => { await container.stop(); },
  };
}

export async function startEventStoreDbContainer(): Promise<StartedServer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(process.env.EVENTSTORE_IMAGE ?? 'eventstore/eventstore:24.10')
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => { await container.stop(); },
  };
}
