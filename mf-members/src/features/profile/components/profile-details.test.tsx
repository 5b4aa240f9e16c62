import { screen } from '@testing-library/react';
import { DEFAULT_VISIBLE_PROFILE_FIELDS, type Gender, type Profile } from '@dating/shared';
import { profileFixture } from '@dating/shared/testing';
import { OPTION_LABELS_NS, optionLabel } from '@dating/shared/option-labels';
import { GENDERS, OPTION_VALUES } from '@dating/shared/option-labels/values';
import { jsonResponse, mockFetch, renderPage } from '../../../lib/test-utils';
import { ProfileDetails } from './profile-details';

/** The option shown in row `i`: the lists are walked in step, so 11 profiles show every value of every list. */
const pick = <T,>(list: readonly T[], i: number): T => list[i % list.length]!;

function profile(i: number, gender: Gender): Profile {
  return profileFixture({
    gender,
    sexuality: pick(OPTION_VALUES.sexuality, i),
    hair_color: pick(OPTION_VALUES.hair_color, i),
    eye_color: pick(OPTION_VALUES.eye_color, i),
    body_type: pick(OPTION_VALUES.body_type, i),
    relationship_status: pick(OPTION_VALUES.relationship_status, i),
    tattoos: i % 2 === 0,
    reason: pick(OPTION_VALUES.reason, i),
    interests: OPTION_VALUES.interests.filter((_, index) => index % 11 === i),
  });
}

const row = (field: string) => document.querySelector(`[data-field="${field}"] dd`)?.textContent;

beforeEach(() => {
  mockFetch((_request, url) =>
    url.pathname === '/api/settings.php'
      ? jsonResponse({ visible_profile_fields: DEFAULT_VISIBLE_PROFILE_FIELDS })
      : undefined,
  );
});

test('the profile page shows the labels of the one catalogue, in the member’s gender', async () => {
  const { i18n } = await renderPage(
    <ProfileDetails
      profile={profileFixture({
        gender: 'female',
        relationship_status: 'widowed',
        reason: 'dating',
        interests: ['threesome'],
      })}
    />,
  );
  expect(await screen.findByText('Weduwe')).toBeInTheDocument();
  // A reason is an option key: it is shown translated, not as "dating".
  expect(row('reason')).toBe('Daten');
  expect(screen.getByText('Trio')).toBeInTheDocument();
  expect(i18n.getResource('nl', OPTION_LABELS_NS, 'relationship_status.male.widowed')).toBe('Weduwnaar');
});

test('a reason written as free text (an older profile) is shown as written', async () => {
  await renderPage(<ProfileDetails profile={profileFixture({ reason: 'een goed gesprek' })} />);
  expect(await screen.findByText('een goed gesprek')).toBeInTheDocument();
});

test.each(GENDERS)('every option of every field reads as the editor labels it (%s)', async (gender) => {
  for (let i = 0; i < 11; i += 1) {
    const shown = profile(i, gender);
    const { i18n, unmount } = await renderPage(<ProfileDetails profile={shown} />);
    await screen.findByText(optionLabel(i18n.getFixedT('nl', OPTION_LABELS_NS), 'gender', gender));
    const t = i18n.getFixedT('nl', OPTION_LABELS_NS);
    expect({
      sexuality: row('sexuality'),
      hair_color: row('hair_color'),
      eye_color: row('eye_color'),
      body_type: row('body_type'),
      relationship_status: row('relationship_status'),
      tattoos: row('tattoos'),
      reason: row('reason'),
      interests: [...document.querySelectorAll('ul li')].map((item) =>
        item.textContent?.replace(/^\S+\s/, ''),
      ),
    }).toEqual({
      sexuality: optionLabel(t, 'sexuality', shown.sexuality, gender),
      hair_color: optionLabel(t, 'hair_color', shown.hair_color!, gender),
      eye_color: optionLabel(t, 'eye_color', shown.eye_color!),
      body_type: optionLabel(t, 'body_type', shown.body_type!, gender),
      relationship_status: optionLabel(t, 'relationship_status', shown.relationship_status!, gender),
      tattoos: optionLabel(t, 'tattoos', shown.tattoos ? 'yes' : 'no'),
      reason: optionLabel(t, 'reason', shown.reason as (typeof OPTION_VALUES.reason)[number]),
      interests: shown.interests.map((interest) => optionLabel(t, 'interests', interest)),
    });
    unmount();
  }
});
