import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CompanyInfoSchema, HostQuerySchema } from '@dating/shared/contract/settings';
import { toCompanyInfo } from '../sites';

export const companyInfoRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/companyinfo.php',
    {
      schema: {
        tags: ['site'],
        querystring: HostQuerySchema,
        response: {
          200: CompanyInfoSchema,
        },
      },
    },
    async (request) => toCompanyInfo(request.site.company),
  );
};
