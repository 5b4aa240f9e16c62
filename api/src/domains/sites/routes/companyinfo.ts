import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { toCompanyInfo } from '../sites';

export const companyInfoRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/companyinfo.php',
    {
      schema: {
        tags: ['site'],
        querystring: Type.Object({ host: Type.Optional(Type.String({ maxLength: 253 })) }),
        response: {
          200: Type.Object({
            name: Type.String(),
            address: Type.String(),
            kvk: Type.String(),
            city: Type.String(),
            country: Type.String(),
            tradenames: Type.Array(Type.String()),
            vat_numbers: Type.Array(Type.String()),
            support_phone: Type.String(),
            delete_discount: Type.Number(),
            added: Type.String(),
          }),
        },
      },
    },
    async (request) => toCompanyInfo(request.site.company),
  );
};
