import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import {
  catalogRoutes,
  defineEndpoint,
  idParam,
  type EndpointRoute,
  type BienItem,
  type CategoryItem,
  type EndpointInput,
  type RouteEndpoint,
  type PublicBien,
} from '@ouvrage/contracts';
import { callEndpoint, endpointUrl, serializeQuery } from './endpoint-client';

function answer(data: unknown, status = 200) {
  return new Response(JSON.stringify({ success: true, data }), { status, headers: { 'content-type': 'application/json' } });
}

describe('endpoint paths and queries', () => {
  it('fills path parameters, URI-encoded', () => {
    expect(endpointUrl(catalogRoutes.getBien, { params: { id: 12 } })).toBe('/api/admin/edit-bien/12');
    const files = defineEndpoint({
      method: 'GET',
      path: '/api/x/{id}/fichier/{name}',
      params: z.object({ id: z.coerce.number(), name: z.string() }),
      response: z.null(),
      access: { allow: 'public' },
    });
    expect(endpointUrl(files, { params: { id: 3, name: 'plan cuisine/é?.pdf' } })).toBe('/api/x/3/fichier/plan%20cuisine%2F%C3%A9%3F.pdf');
  });

  it('refuses a missing path parameter rather than calling a wrong URL', () => {
    expect(() => endpointUrl(catalogRoutes.getBien, { params: {} })).toThrow('« id » manquant');
  });

  it('serialises the query: empty values left out, arrays repeated, values encoded', () => {
    expect(serializeQuery({ page: 2, per_page: 20, q: 'Élise & fils', active: undefined, state: null, empty: '' })).toBe(
      '?page=2&per_page=20&q=%C3%89lise+%26+fils',
    );
    expect(serializeQuery({ ids: [1, 2], ok: true })).toBe('?ids=1&ids=2&ok=true');
    expect(serializeQuery({})).toBe('');
    expect(serializeQuery(undefined)).toBe('');
    expect(endpointUrl(catalogRoutes.listBiens, { query: { per_page: 100, category_id: 4 } })).toBe('/api/admin/list-bien?per_page=100&category_id=4');
  });
});

describe('callEndpoint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls a public endpoint without a session, with its method and path, and returns data', async () => {
    const fetch = vi.fn(async () => answer([{ id: 1, slug: 'maison', name: 'Maison', description: '', icon: null, position: 1 }]));
    vi.stubGlobal('fetch', fetch);
    const biens = await callEndpoint(catalogRoutes.biensOfCategory, { params: { id: 7 } });
    expect(biens[0].name).toBe('Maison');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/biens/category-bien/7');
    expect(init.method).toBe('GET');
    expect(init.headers).not.toHaveProperty('authorization');
    expect(init.body).toBeUndefined();
  });

  it('sends the body as JSON with the endpoint method', async () => {
    const fetch = vi.fn(async () => answer({ id: 3 }, 201));
    vi.stubGlobal('fetch', fetch);
    await callEndpoint(catalogRoutes.saveBien, { body: { name: 'Chalet', categories: [1] } }, { anonymous: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/save-bien');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Chalet', categories: [1] });
  });

  it('turns the error envelope into an ApiError with the server’s message and fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ success: false, error: { code: 'VALIDATION', message: 'Données invalides.', fields: { name: 'Le nom est obligatoire.' } } }),
            { status: 400 },
          ),
      ),
    );
    await expect(callEndpoint(catalogRoutes.saveCategory, { body: { name: '' } }, { anonymous: true })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
      fields: { name: 'Le nom est obligatoire.' },
    });
  });
});

describe('types inferred from the endpoint', () => {
  it('infers the data of the answer', () => {
    type Answer<R extends EndpointRoute> = Awaited<ReturnType<typeof callEndpoint<R>>>;
    expectTypeOf<Answer<typeof catalogRoutes.biensOfCategory>>().toEqualTypeOf<PublicBien[]>();
    expectTypeOf<Answer<typeof catalogRoutes.getCategory>>().toEqualTypeOf<CategoryItem>();
    expectTypeOf<Answer<typeof catalogRoutes.listBiens>['items']>().toEqualTypeOf<BienItem[]>();
    expectTypeOf<Answer<typeof catalogRoutes.deleteBien>>().toEqualTypeOf<{ message: string }>();
  });

  it('requires the input the endpoint declares, and refuses what it does not', () => {
    // Calls wrapped in functions that are never run: only their types matter here.
    const check = (run: () => unknown) => expect(typeof run).toBe('function');
    check(() =>
      // @ts-expect-error the body of save-bien has no field `title`, and `name` is required
      callEndpoint(catalogRoutes.saveBien, { body: { title: 'Chalet' } }),
    );
    check(() =>
      // @ts-expect-error `position` is a number, not a string
      callEndpoint(catalogRoutes.saveCategory, { body: { name: 'Combles', position: '3' } }),
    );
    check(() =>
      // @ts-expect-error the path has an `{id}`: params are required
      callEndpoint(catalogRoutes.getBien),
    );
    check(() =>
      // @ts-expect-error the path names `id`, not `bien`
      callEndpoint(catalogRoutes.getBien, { params: { bien: 1 } }),
    );
    check(() =>
      // @ts-expect-error list-category declares no `category_id` filter
      callEndpoint(catalogRoutes.listCategories, { query: { category_id: 1 } }),
    );
    expectTypeOf<EndpointInput<RouteEndpoint<typeof catalogRoutes.deleteBien>>>().toEqualTypeOf<
      { params: { id: string | number } } & { query?: undefined } & { body?: undefined }
    >();
  });

  it('refuses an endpoint whose path parameters have no schema', () => {
    // @ts-expect-error `{id}` in the path needs a params schema
    expect(() => defineEndpoint({ method: 'GET', path: '/api/x/{id}', response: z.null(), access: { allow: 'public' } })).toThrow('paramètres de chemin');
    expect(defineEndpoint({ method: 'GET', path: '/api/x/{id}', params: idParam, response: z.null(), access: { allow: 'public' } }).path).toBe('/api/x/{id}');
  });
});
