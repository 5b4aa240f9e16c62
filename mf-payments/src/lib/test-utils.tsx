import nl from '../locales/nl.json';
import nlMethods from '@dating/shared/locales/payment-methods/nl.json';
import { createPageRenderer } from '@dating/shared/testing';
import { NS } from './i18n';

export { jsonResponse, mockFetch, type FetchHandler } from '@dating/shared/testing';

/**
 * Renders a page as the shell would: the real store and i18n (nl, with the shared method names as i18n.ts adds
 * them), a router at `route` matching `path`.
 */
export const renderPage = createPageRenderer(NS, { ...nl, methods: nlMethods });
