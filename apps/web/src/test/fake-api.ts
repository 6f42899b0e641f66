import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { axiosClient, tokenEndpointClient } from '../lib/http-client';

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The query parameters given to axios as `params`. */
  params: Record<string, unknown>;
  /** JSON bodies parsed; FormData as sent. */
  body: unknown;
}

export type FakeAnswer = { status: number; body?: unknown } | 'network-error';
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

interface Route {
  method: string;
  path: string;
  handler: FakeHandler;
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

function headersOf(config: InternalAxiosRequestConfig): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
    if (typeof value === 'string') plain[name] = value;
  }
  return plain;
}

const fieldFirst = /^(?:(query|path|header) )?([A-Za-z][\w.]*): (.+)$/s;

/**
 * The error model's `details` for an answer a test wrote with `errors` alone, worded the way the
 * server words them (apps/server/src/plugins/errors.ts, `problemText`): 'field: message' is a
 * problem with that field. Tests can then be written in the words a person sees; a test that needs
 * a particular code writes `details` itself.
 */
function withDetails(status: number, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('errors' in body) || 'details' in body) {
    return body;
  }
  if (!Array.isArray(body.errors) || status < 400) return body;
  const code = status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${status}`;
  const details = body.errors.map((text: unknown) => {
    const match = typeof text === 'string' ? fieldFirst.exec(text) : null;
    if (!match?.[2] || !match[3]) return { code, message: String(text) };
    return { code, field: match[2], ...(match[1] ? { in: match[1] } : {}), message: match[3] };
  });
  return { ...body, details };
}

/**
 * The server, as far as the web app's tests need one: answers registered per method and path,
 * and a record of every request, so a test can check what the app sent as well as what it shows.
 * Unregistered calls get a 404 that says so.
 */
class FakeApi {
  private routes: Route[] = [];
  readonly requests: FakeRequest[] = [];

  /** Answers `method path`; a later registration of the same call replaces the earlier one. */
  on(method: string, path: string, answer: FakeHandler | FakeAnswer): this {
    const handler = typeof answer === 'function' ? answer : () => answer;
    this.routes = this.routes.filter((r) => !(r.method === method && r.path === path));
    this.routes.push({ method, path, handler });
    return this;
  }

  requestsTo(method: string, path: string): FakeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  reset(): void {
    this.routes = [];
    this.requests.length = 0;
  }

  private async answer(request: FakeRequest): Promise<FakeAnswer> {
    this.requests.push(request);
    const route = this.routes.find((r) => r.method === request.method && r.path === request.path);
    return route
      ? await route.handler(request)
      : { status: 404, body: { errors: [`No fake answer for ${request.method} ${request.path}`] } };
  }

  /** The browser's fetch, as lib/public-get.ts uses it, answered by the same routes. */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(
      input instanceof Request ? input.url : String(input),
      'http://vitalia.test',
    );
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      params: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? parseBody(init.body) : init.body,
    };
    const answer = await this.answer(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const body = withDetails(answer.status, answer.body);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  readonly adapter: AxiosAdapter = async (config) => {
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: config.url ?? '',
      headers: headersOf(config),
      params: { ...(config.params as Record<string, unknown> | undefined) },
      body: parseBody(config.data),
    };
    const answer = await this.answer(request);
    if (answer === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const response: AxiosResponse = {
      data: withDetails(answer.status, answer.body) ?? '',
      status: answer.status,
      statusText: '',
      headers: {},
      config,
    };
    if (config.validateStatus?.(answer.status) ?? true) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };

  install(): void {
    axiosClient.defaults.adapter = this.adapter;
    tokenEndpointClient.defaults.adapter = this.adapter;
    globalThis.fetch = this.fetch;
  }
}

export const fakeApi = new FakeApi();
