/** The OpenAPI 3.1 description of the reading-site integration API, served at /api/integration/v1/openapi.json. */
export function integrationOpenApi(kinds: string[]) {
  const signed = [{ keyId: [], timestamp: [], nonce: [], signature: [] }];
  const header = (name: string, description: string) => ({ type: 'apiKey', in: 'header', name, description });
  const refusal = {
    type: 'object',
    properties: {
      code: { type: 'integer', example: 40001013 },
      errors: {
        type: 'object',
        properties: { code: { type: 'integer' }, title: { type: 'string' }, field: { type: 'string' } },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Author centre — reading-site integration API',
      version: '1',
      description:
        'Server-to-server API of the reading sites and partner platforms. Every call is signed with a key pair made in the console ' +
        '(Admin → Reading sites): x-ac-signature = hex HMAC-SHA256(secret, METHOD \\n PATH \\n sorted query k=v&k=v \\n timestamp \\n nonce \\n hex SHA-256 of the body bytes). ' +
        'The timestamp (epoch ms) must be within 5 minutes of the server clock; a nonce (16–64 of [A-Za-z0-9_-]) is accepted once. ' +
        'Refusals answer 401 with code 40001013 and the reason.',
    },
    components: {
      securitySchemes: {
        keyId: header('x-ac-key-id', 'The public id of the key pair'),
        timestamp: header('x-ac-timestamp', 'Epoch milliseconds'),
        nonce: header('x-ac-nonce', 'Random, never repeated'),
        signature: header('x-ac-signature', 'Hex HMAC-SHA256, see the description'),
      },
      schemas: {
        Event: {
          type: 'object',
          required: ['event_id', 'kind', 'book_id', 'occurred_at'],
          properties: {
            event_id: { type: 'string', maxLength: 100, description: "The site's own id: an event is counted once" },
            kind: {
              type: 'string',
              enum: kinds,
              description:
                'chapter_read, chapter_purchase (chapter, amount), subscription (amount), gift (amount), reward (gold, amount), ' +
                'favourite, comment, free_read (free app only), free_revenue (free app only, amount), partner_revenue (zh only, amount)',
            },
            book_id: { type: 'integer' },
            chapter_id: { type: 'integer', description: 'Required for chapter_read and chapter_purchase' },
            amount_fen: { type: 'integer', minimum: 1, description: 'Money in fen, for the kinds with an amount' },
            occurred_at: { type: 'integer', description: 'Epoch ms; at most 5 minutes in the future' },
          },
        },
        Refused: {
          type: 'object',
          properties: {
            index: { type: 'integer' },
            event_id: { type: ['string', 'null'] },
            reason: {
              type: 'string',
              enum: [
                'invalid',
                'unknown_kind',
                'kind_not_allowed',
                'duplicate_in_batch',
                'unknown_book',
                'unknown_chapter',
                'chapter_required',
                'amount_required',
                'negative_amount',
                'future_time',
              ],
            },
            field: { type: 'string' },
            message: { type: 'string' },
          },
        },
        Refusal: refusal,
      },
    },
    security: signed,
    paths: {
      '/api/integration/v1/events': {
        post: {
          summary: 'Push a batch of reader events (all or nothing; repeated event ids are skipped)',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['events'],
                  properties: {
                    events: {
                      type: 'array',
                      minItems: 1,
                      maxItems: 1000,
                      items: { $ref: '#/components/schemas/Event' },
                    },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'Written: accepted new events, duplicates already received before',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      code: { const: 200 },
                      data: {
                        type: 'object',
                        properties: {
                          received: { type: 'integer' },
                          accepted: { type: 'integer' },
                          duplicates: { type: 'integer' },
                        },
                      },
                    },
                  },
                },
              },
            },
            '401': {
              description: 'Signature missing, stale, replayed or wrong',
              content: { 'application/json': { schema: refusal } },
            },
            '422': {
              description:
                'Refused whole (code 10013001): nothing was written; data.refused lists each refused event and why',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      code: { const: 10013001 },
                      data: {
                        type: 'object',
                        properties: { refused: { type: 'array', items: { $ref: '#/components/schemas/Refused' } } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      '/api/integration/v1/chapters/changes': {
        get: {
          summary: "Published chapters of the site's brand changed since a cursor, oldest first",
          parameters: [
            { name: 'cursor', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
          ],
          responses: {
            '200': {
              description:
                'items (chapter_id, book_id, book_title, author, volume, sort, title, content, author_say, words, vip, published_at, change_seq, deleted), next_cursor, has_more',
            },
            '401': { description: 'Signature refused', content: { 'application/json': { schema: refusal } } },
          },
        },
      },
      '/api/integration/v1/openapi.json': { get: { summary: 'This description', security: [] } },
    },
  };
}
