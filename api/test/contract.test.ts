// One source for the contract (api/README.md, docs/adr/0022-forms-and-schemas.md addendum): the OpenAPI document is
// built from the route schemas, and those are the shared TypeBox schemas, so a list written in the contract is the
// list the document (and the validation, and the serialisation) uses.
import { ORDER_STATUSES } from '@dating/shared/contract/payments';
import { ProfileSchema } from '@dating/shared/contract/profile';
import { createTestApp, type TestContext } from '../src/testing/helpers';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
};
type Operation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

let t: TestContext;
let spec: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  await t.app.ready();
  spec = t.app.swagger() as unknown as typeof spec;
});
afterAll(() => t.close());

const answer = (path: string, method: string, status: string) =>
  spec.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;

test('the OpenAPI document lists the order states of the shared contract, once', () => {
  const orders = answer('/api/orders.php', 'get', '200');
  expect(orders?.properties?.orders?.items?.properties?.status?.enum).toEqual([...ORDER_STATUSES]);
  expect(answer('/api/order.php', 'get', '200')?.properties?.order?.properties?.status?.enum).toEqual([
    ...ORDER_STATUSES,
  ]);
});

test('a profile in the document has exactly the fields of the shared ProfileSchema, in every answer that holds one', () => {
  const fields = Object.keys(ProfileSchema.properties).sort();
  const profiles = [
    answer('/api/members.php', 'get', '200')?.properties?.profiles?.items,
    answer('/api/member.php', 'get', '200')?.properties?.profile,
    answer('/api/chats.php', 'get', '200')?.properties?.chats?.items?.properties?.profile,
    answer('/api/likes.php', 'get', '200')?.properties?.profiles?.items,
    answer('/api/user.php', 'put', '200')?.properties?.user?.properties?.profile,
  ];
  for (const profile of profiles) expect(Object.keys(profile?.properties ?? {}).sort()).toEqual(fields);
});

test('request bodies come from the contract: the send-message body refuses what the contract does not name', async () => {
  const body = spec.paths['/api/messages.php']?.post?.requestBody?.content['application/json']?.schema;
  expect(Object.keys(body?.properties ?? {}).sort()).toEqual(
    ['client_id', 'conversation', 'gift_id', 'member', 'photo_id', 'text', 'type'].sort(),
  );
  const cookie = await t.login();
  const res = await t.call({
    method: 'POST',
    url: '/api/messages.php',
    cookie,
    payload: { member: 1, client_id: 'contract-test-1', type: 'video' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('validation');
});

test('every route of the document declares its answer (a response schema, not the default one)', () => {
  // A route without a response schema is documented by @fastify/swagger as one bare `200: Default Response`.
  const missing: string[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const answers = Object.entries(op.responses ?? {});
      const bare = answers.length === 1 && answers[0]![0] === '200' && !answers[0]![1].content;
      // Every route, staff included (api/test/response-schemas.test.ts checks the routes left out of the document).
      if (bare) missing.push(`${method.toUpperCase()} ${path}`);
    }
  }
  expect(missing).toEqual([]);
});
