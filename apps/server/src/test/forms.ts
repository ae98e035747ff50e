import type { FastifyInstance } from 'fastify';

/** Loads a server-rendered form page and answers it with the CSRF cookie and field it set. */
export async function openForm(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(res.body)?.[1] ?? '';
  return { res, cookie, csrf };
}

/** Posts a form as a browser does, with the CSRF cookie `openForm` answered. */
export function postForm(app: FastifyInstance, url: string, cookie: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
  });
}
