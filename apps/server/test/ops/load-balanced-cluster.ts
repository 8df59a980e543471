import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../helpers/browser.ts';
import { createPostgresCluster } from '../helpers/postgres-cluster.ts';
import type { PostgresCluster } from '../helpers/postgres-cluster.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { tempDir } from '../helpers/test-app.ts';
import { envKeys, tokenKey } from '../helpers/token-keys.ts';

/** haproxy from Debian (`apt-get install haproxy`), or undefined when it is not installed. */
export const HAPROXY: string | undefined = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) =>
  fs.existsSync(file),
);

export const METRICS_TOKEN = 'several-instances-metrics-token';

/** The two app instances behind the load balancer, by haproxy server name. */
export type InstanceName = 'a' | 'b';

export interface LoadBalancedCluster {
  /** The load balancer: what people and providers reach (PUBLIC_URL of every instance). */
  base: string;
  postgres: PostgresCluster;
  instance: (name: InstanceName) => ServerProcess;
  /** An instance's own address, bypassing the load balancer (its /metrics). */
  direct: (name: InstanceName) => string;
  /** The instance serving /sandbox: the outside providers and identity provider stand-in. */
  outside: ServerProcess;
  /** Starts the instance again on its port (after a kill or a graceful stop). */
  restart: (name: InstanceName) => Promise<void>;
  /** Resolves once haproxy's health checks route to exactly these instances. */
  waitForBackends: (up: readonly InstanceName[]) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * The deployment shape of the README at small scale: one PostgreSQL cluster of its own, two app
 * instances on it (A and B) behind haproxy, round-robin per request, health-checked on
 * /readyz. A third process stands in for the outside world (Google's sign-in and the data
 * providers, which in production are not ours): haproxy sends /sandbox to it, so every
 * instance reaches the same provider state, as they would reach Google. The sandbox Chargebee
 * (/sandbox/chargebee) is the exception: its state is in the instances' own PostgreSQL.
 */
export async function startLoadBalancedCluster(
  env: Record<string, string> = {},
): Promise<LoadBalancedCluster> {
  if (!HAPROXY) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const postgres = await createPostgresCluster();
  const dataDir = tempDir();
  const lbPort = await freePort();
  const base = `http://localhost:${lbPort}`;
  const shared = {
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    // haproxy is the one proxy in front: the client address is its X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    SANDBOX_TOKEN_TTL_SECONDS: '302',
    METRICS_TOKEN,
    ...env,
  };
  // First, so the sandbox keys under DATA_DIR/keys exist before the instances read them.
  const outside = await startServerProcess({ ...shared, SANDBOX_TOKEN_DELAY_MS: '1500' });
  await outside.waitForOutput(/The app is running at/, 60_000);

  const ports: Record<InstanceName, number> = { a: await freePort(), b: await freePort() };
  const instances = new Map<InstanceName, ServerProcess>();
  const instanceEnv = (name: InstanceName) => ({
    ...shared,
    PORT: String(ports[name]),
    DATABASE_URL: postgres.url,
    TOKEN_ENCRYPTION_KEYS: envKeys(tokenKey('v1', 3)),
    CONNECTOR_REFRESH_INTERVAL_SECONDS: '1',
    // Leases last 3 × this: A's 6 s and B's 12 s tell whose lease a row holds.
    CONNECTOR_TIMEOUT_MS: name === 'a' ? '2000' : '4000',
    SHUTDOWN_DRAIN_SECONDS: '1',
    SHUTDOWN_TIMEOUT_SECONDS: '10',
  });
  const start = async (name: InstanceName) => {
    const server = await startServerProcess(instanceEnv(name));
    instances.set(name, server);
    await server.waitForOutput(/The app is running at/, 60_000);
  };
  await Promise.all([start('a'), start('b')]);

  const config = path.join(dataDir, 'haproxy.cfg');
  fs.writeFileSync(config, haproxyConfig(lbPort, ports, outside.port));
  execFileSync(HAPROXY, ['-c', '-q', '-f', config]);
  const haproxy: ChildProcess = spawn(HAPROXY, ['-db', '-f', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let haproxyLog = '';
  haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyLog += chunk.toString()));

  const waitForBackends = async (up: readonly InstanceName[]) => {
    const deadline = Date.now() + 20_000;
    const want = [...up].sort().join(',');
    while (Date.now() < deadline) {
      const seen = new Set<string>();
      for (let i = 0; i < 8; i += 1) {
        const response = await fetch(`${base}/healthz`).catch(() => undefined);
        const by = response?.headers.get('x-served-by');
        if (response?.ok && by) seen.add(by);
      }
      if ([...seen].sort().join(',') === want) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`haproxy never routed to exactly ${want}:\n${haproxyLog}`);
  };
  await waitForBackends(['a', 'b']);

  return {
    base,
    postgres,
    outside,
    instance: (name) => {
      const server = instances.get(name);
      if (!server) throw new Error(`instance ${name} is not running`);
      return server;
    },
    direct: (name) => `http://127.0.0.1:${ports[name]}`,
    restart: start,
    waitForBackends,
    close: async () => {
      haproxy.kill('SIGKILL');
      for (const server of [...instances.values(), outside]) await server.stop('SIGKILL');
      await postgres.remove();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Round-robin per request (a new connection to the instance for each, so no request is tied
 * to one); /readyz checked every 250 ms, out after one failure; a request whose instance died
 * before answering is retried once on the other; the instance's name is answered in
 * x-served-by so the test sees both serve; the request id is made here and passed on.
 */
function haproxyConfig(lbPort: number, ports: Record<InstanceName, number>, outsidePort: number) {
  return `global
  maxconn 512

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout check 1s
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response
  option http-server-close
  option forwardfor

frontend web
  bind 127.0.0.1:${lbPort}
  unique-id-format %[uuid()]
  unique-id-header x-request-id
  # The sandbox Chargebee keeps its state in the app's database (this PostgreSQL): every
  # instance serves its hosted pages, as they all reach one Chargebee site in production.
  use_backend outside if { path_beg /sandbox } !{ path_beg /sandbox/chargebee }
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 250ms fall 1 rise 1
  http-response set-header x-served-by %s
  server a 127.0.0.1:${ports.a} check
  server b 127.0.0.1:${ports.b} check

backend outside
  http-response set-header x-served-by outside
  server outside 127.0.0.1:${outsidePort}
`;
}
