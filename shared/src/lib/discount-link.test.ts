import { settingsParams } from '../api/core-endpoints';
import { captureLinkedCode, forgetLinkedCode, linkedCode } from './discount-link';

afterEach(() => {
  forgetLinkedCode();
  sessionStorage.clear();
});

describe('a discount code from a link', () => {
  test('?code= on any page is kept for the visit with the page query, until forgotten', () => {
    expect(captureLinkedCode('?network=mail&code=SPRING10')).toEqual({
      code: 'SPRING10',
      query: { network: 'mail', code: 'SPRING10' },
    });
    // A later page without a code keeps it; a newer link replaces it.
    expect(captureLinkedCode('?page=2')?.code).toBe('SPRING10');
    expect(captureLinkedCode('?code=SUMMER20')?.code).toBe('SUMMER20');
    expect(linkedCode()?.query).toEqual({ code: 'SUMMER20' });
    forgetLinkedCode();
    expect(linkedCode()).toBeNull();
  });

  test('nothing that is not a code shape is kept', () => {
    expect(captureLinkedCode('?code=%3Cscript%3E')).toBeNull();
    expect(captureLinkedCode(`?code=${'A'.repeat(65)}`)).toBeNull();
    expect(captureLinkedCode('?code=')).toBeNull();
  });
});

describe('settings.php parameters', () => {
  test('the request host forced as a parameter plus the route query', () => {
    expect(settingsParams({ host: 'she.localhost:8080', search: '?network=ads&host=evil.example' })).toEqual({
      network: 'ads',
      host: 'she.localhost:8080',
    });
    expect(settingsParams({ host: 'localhost', search: '' })).toEqual({ host: 'localhost' });
  });
});
