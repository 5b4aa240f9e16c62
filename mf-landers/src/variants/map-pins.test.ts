import { placePins } from './map-pins';

const member = (id: number, city: string | null) => ({ id, city });

describe('placePins', () => {
  const distances = {
    centre: 'Amsterdam',
    towns: [
      { name: 'Amsterdam', km: 0, bearing: 0 },
      { name: 'Urk', km: 58, bearing: 56 },
      { name: 'Papendrecht', km: 62, bearing: 193 },
      { name: 'Maastricht', km: 178, bearing: 162 },
    ],
  };

  test('the nearest members, at their real distance, the farthest near the edge and in its direction', () => {
    const pins = placePins(
      [member(1, 'Amsterdam'), member(2, 'Maastricht'), member(3, 'urk'), member(4, 'Papendrecht')],
      distances,
      3,
    );
    expect(pins.map((pin) => [pin.profile.id, pin.km])).toEqual([
      [1, 0],
      [3, 58],
      [4, 62],
    ]);
    // Papendrecht lies south (bearing 193) and is the farthest shown: low on the map, near the edge.
    const papendrecht = pins[2]!;
    expect(papendrecht.y).toBeGreaterThan(85);
    expect(Math.abs(papendrecht.x - 50)).toBeLessThan(12);
    // Urk lies north-east: up and to the right.
    expect(pins[1]!.x).toBeGreaterThan(50);
    expect(pins[1]!.y).toBeLessThan(50);
  });

  test('members of one town do not share a point', () => {
    const pins = placePins([member(1, 'Urk'), member(2, 'Urk'), member(3, 'Urk')], distances, 8);
    const points = new Set(pins.map((pin) => `${pin.x}:${pin.y}`));
    expect(points.size).toBe(3);
    expect(pins.every((pin) => pin.km === 58)).toBe(true);
  });

  test('members of towns the place list does not know are left out; without distances no kilometres', () => {
    expect(
      placePins([member(1, 'Atlantis'), member(2, 'Urk')], distances, 8).map((p) => p.profile.id),
    ).toEqual([2]);
    const fallback = placePins([member(1, 'Atlantis'), member(2, null)], { centre: null, towns: [] }, 8);
    expect(fallback.map((pin) => pin.km)).toEqual([null, null]);
    expect(placePins([member(1, 'Urk')], undefined, 8)[0]!.km).toBeNull();
  });
});
