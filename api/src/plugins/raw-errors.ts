import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE } from '@dating/shared/contract/index';
import { localeFromAcceptLanguage, translateError } from '../lib/i18n';

/**
 * Errors Fastify meets before any route or hook runs, answered in the site's error shape like every other error.
 * A URL that cannot be decoded (`/api/%E0%A4%A`) is a 400 `validation` of the field `url`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const field = error.code === 'FST_ERR_BAD_URL' ? 'url' : 'input';
  // The reply is Fastify's bare one here (no decorators): the body is built the same way sendError builds it.
  const locale = localeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE;
  void reply
    .code(400)
    .header('cache-control', 'no-store')
    .send({ error: { code: 'validation', message: translateError(locale, 'validation', { field }), field } });
}

/**
 * Requests Node's HTTP parser refuses (headers too large: 431, garbage: 400) never reach Fastify's request
 * handling; the answer is written to the socket directly, in the default language (nothing is known yet).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const code = tooLarge ? 'request_too_large' : 'validation';
  const body = JSON.stringify({
    error: {
      code,
      message: translateError('nl', code, tooLarge ? undefined : { field: 'request' }),
      ...(tooLarge ? {} : { field: 'request' }),
    },
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
