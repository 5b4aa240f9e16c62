import { fireEvent, screen, within } from '@testing-library/react';
import type { Gender } from '@dating/shared';
import { OPTION_LABELS_NS, optionLabel, type OptionField } from '@dating/shared/option-labels';
import { GENDERS, OPTION_VALUES } from '@dating/shared/option-labels/values';
import { renderPage } from '../test/render';
import { InterestsPicker } from './interests-picker';
import { ProfileDetailsFields, detailsFromProfile } from './profile-details-fields';

const EMPTY = detailsFromProfile({
  hair_color: null,
  eye_color: null,
  body_type: null,
  relationship_status: null,
  tattoos: null,
  reason: null,
});

const FIELDS = ['hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'reason'] as const;
// The selects' labels (fields.*) in nl, to find each select.
const SELECT_NAMES: Record<(typeof FIELDS)[number], string> = {
  hair_color: 'Haarkleur',
  eye_color: 'Oogkleur',
  body_type: 'Postuur',
  relationship_status: 'Burgerlijke staat',
  tattoos: 'Tatoeages',
  reason: 'Ik ben op zoek naar',
};

function Editor({ gender }: { gender: Gender }) {
  return <ProfileDetailsFields value={EMPTY} onChange={() => undefined} idPrefix="test" gender={gender} />;
}

test('a woman picks "Weduwe", a man "Weduwnaar": the editor labels in the member’s own gender', async () => {
  const woman = await renderPage(<Editor gender="female" />, { path: '/' });
  const status = await screen.findByRole('combobox', { name: SELECT_NAMES.relationship_status });
  expect(within(status).getByRole('option', { name: 'Weduwe' })).toBeInTheDocument();
  woman.unmount();
  await renderPage(<Editor gender="male" />, { path: '/' });
  const his = await screen.findByRole('combobox', { name: SELECT_NAMES.relationship_status });
  expect(within(his).getByRole('option', { name: 'Weduwnaar' })).toBeInTheDocument();
});

test.each(GENDERS)(
  'every select offers every option of the contract with the catalogue’s label (%s)',
  async (gender) => {
    const { i18n } = await renderPage(<Editor gender={gender} />, { path: '/' });
    const t = i18n.getFixedT('nl', OPTION_LABELS_NS);
    await screen.findByRole('combobox', { name: SELECT_NAMES.hair_color });
    for (const field of FIELDS) {
      const select = screen.getByRole('combobox', { name: SELECT_NAMES[field] });
      const offered = within(select)
        .getAllByRole('option')
        .slice(1) // "Zeg ik liever niet"
        .map((option) => [option.getAttribute('value'), option.textContent]);
      expect(offered).toEqual(
        (OPTION_VALUES[field] as readonly string[]).map((value) => [
          value,
          optionLabel(t, field as OptionField, value as never, gender),
        ]),
      );
    }
  },
);

test('the interests picker labels every interest from the catalogue', async () => {
  const { i18n } = await renderPage(<InterestsPicker value={[]} onChange={() => undefined} />, { path: '/' });
  const t = i18n.getFixedT('nl', OPTION_LABELS_NS);
  expect(await screen.findByRole('checkbox', { name: /Trio/ })).toBeInTheDocument();
  const labels = OPTION_VALUES.interests.map(
    (interest) => document.querySelector(`label[for="interest-${interest}"]`)?.lastChild?.textContent,
  );
  expect(labels).toEqual(OPTION_VALUES.interests.map((interest) => optionLabel(t, 'interests', interest)));
});

test('folded, the interests picker is one line with the chosen interests, and opens to every chip', async () => {
  const chosen: string[][] = [];
  await renderPage(
    <InterestsPicker value={['beach', 'cooking']} onChange={(value) => chosen.push(value)} folded />,
    { path: '/' },
  );
  const summary = (await screen.findByText('Interesses', { selector: 'summary span' })).closest('summary')!;
  expect(summary).toHaveTextContent(/Strand.*Koken/);
  const trio = screen.getByRole('checkbox', { name: /Trio/ });
  expect(trio).not.toBeVisible();
  fireEvent.click(summary);
  expect(trio).toBeVisible();
  fireEvent.click(trio);
  expect(chosen).toEqual([['beach', 'cooking', 'threesome']]);
});
