/**
 * Where Belgian postcodes lie, for magic match's distances (MATCHING.md "Distance"): facts shipped
 * in the repository, no service call.
 *
 * Source and precision: one centroid per postcode zone (the first two digits, 10..99), taken as the
 * WGS84 coordinates of the zone's main municipality (the town after which bpost's postcode list
 * names the zone's first postcode, e.g. 30xx Leuven, 85xx Kortrijk), rounded to 0.01 degree and
 * typed in by hand from the municipalities' published coordinates (OpenStreetMap / Wikipedia place
 * data). Zones where no postcode is in use carry their nearest neighbour's point. Two clients in
 * the same zone are 0 km apart; across zones the error is that of a zone's extent (about 10-15 km).
 * Decision 015 says how to replace this by a per-postcode table (bpost's list with coordinates).
 */
export const POSTCODE_ZONE_CENTROIDS: Readonly<
  Record<number, readonly [lat: number, lon: number, town: string]>
> = {
  10: [50.85, 4.35, 'Brussel'],
  11: [50.82, 4.39, 'Ukkel / Oudergem / Evere'],
  12: [50.85, 4.41, 'Sint-Lambrechts-Woluwe'],
  13: [50.72, 4.61, 'Waver'],
  14: [50.6, 4.33, 'Nijvel'],
  15: [50.73, 4.24, 'Halle'],
  16: [50.78, 4.24, 'Sint-Pieters-Leeuw'],
  17: [50.85, 4.26, 'Dilbeek'],
  18: [50.93, 4.43, 'Vilvoorde'],
  19: [50.83, 4.5, 'Overijse / Zaventem'],
  20: [51.22, 4.4, 'Antwerpen'],
  21: [51.22, 4.47, 'Deurne'],
  22: [51.18, 4.83, 'Herentals'],
  23: [51.32, 4.95, 'Turnhout'],
  24: [51.19, 5.12, 'Mol'],
  25: [51.13, 4.57, 'Lier'],
  26: [51.19, 4.43, 'Berchem'],
  27: [51.1, 4.5, '(niet in gebruik: tussen Lier en Mechelen)'],
  28: [51.03, 4.48, 'Mechelen'],
  29: [51.3, 4.52, 'Schoten / Brasschaat'],
  30: [50.88, 4.7, 'Leuven'],
  31: [50.97, 4.65, 'Haacht / Keerbergen'],
  32: [50.99, 4.84, 'Aarschot'],
  33: [50.81, 4.94, 'Tienen'],
  34: [50.75, 5.08, 'Landen'],
  35: [50.93, 5.34, 'Hasselt'],
  36: [50.96, 5.5, 'Genk'],
  37: [50.78, 5.46, 'Tongeren'],
  38: [50.82, 5.19, 'Sint-Truiden'],
  39: [51.2, 5.45, 'Pelt / Lommel / Bree'],
  40: [50.63, 5.57, 'Luik'],
  41: [50.6, 5.5, 'Seraing'],
  42: [50.65, 5.2, 'Hannuit'],
  43: [50.7, 5.25, 'Borgworm'],
  44: [50.65, 5.48, 'Flémalle / Grâce-Hollogne'],
  45: [50.52, 5.24, 'Hoei'],
  46: [50.74, 5.7, 'Wezet'],
  47: [50.63, 6.03, 'Eupen'],
  48: [50.59, 5.86, 'Verviers'],
  49: [50.47, 5.95, 'Spa / Malmedy'],
  50: [50.47, 4.87, 'Namen'],
  51: [50.44, 4.85, 'Jambes / Floreffe'],
  52: [50.45, 4.95, '(niet in gebruik: bij Namen)'],
  53: [50.49, 5.09, 'Andenne'],
  54: [50.4, 5.0, '(niet in gebruik: tussen Namen en Dinant)'],
  55: [50.26, 4.91, 'Dinant'],
  56: [50.2, 4.54, 'Philippeville'],
  57: [50.3, 4.7, '(niet in gebruik: bij Philippeville)'],
  58: [50.3, 4.7, '(niet in gebruik: bij Philippeville)'],
  59: [50.3, 4.7, '(niet in gebruik: bij Philippeville)'],
  60: [50.41, 4.44, 'Charleroi'],
  61: [50.4, 4.33, 'Fontaine-l’Évêque'],
  62: [50.43, 4.53, 'Châtelet / Fleurus'],
  63: [50.35, 4.5, '(niet in gebruik: bij Charleroi)'],
  64: [50.1, 4.35, 'Chimay'],
  65: [50.28, 4.25, 'Beaumont / Thuin'],
  66: [50.0, 5.72, 'Bastenaken'],
  67: [49.68, 5.82, 'Aarlen'],
  68: [49.88, 5.4, 'Libramont / Neufchâteau'],
  69: [50.23, 5.34, 'Marche-en-Famenne'],
  70: [50.45, 3.95, 'Bergen'],
  71: [50.48, 4.19, 'La Louvière'],
  72: [50.45, 3.85, '(niet in gebruik: bij Bergen)'],
  73: [50.44, 3.8, 'Boussu / Saint-Ghislain'],
  74: [50.4, 3.9, '(niet in gebruik: bij Bergen)'],
  75: [50.61, 3.39, 'Doornik'],
  76: [50.51, 3.59, 'Péruwelz'],
  77: [50.74, 3.21, 'Moeskroen'],
  78: [50.66, 3.85, 'Aat / Edingen / Lessen'],
  79: [50.6, 3.62, 'Leuze-en-Hainaut'],
  80: [51.21, 3.22, 'Brugge'],
  81: [51.2, 3.2, '(niet in gebruik: bij Brugge)'],
  82: [51.19, 3.18, 'Sint-Andries / Sint-Michiels'],
  83: [51.32, 3.22, 'Knokke-Heist / Blankenberge'],
  84: [51.22, 2.92, 'Oostende'],
  85: [50.83, 3.26, 'Kortrijk'],
  86: [51.06, 2.75, 'Diksmuide / Veurne'],
  87: [50.96, 3.38, 'Tielt / Waregem'],
  88: [50.95, 3.12, 'Roeselare'],
  89: [50.85, 2.89, 'Ieper'],
  90: [51.05, 3.72, 'Gent'],
  91: [51.17, 4.14, 'Sint-Niklaas'],
  92: [51.03, 4.1, 'Dendermonde'],
  93: [50.94, 4.04, 'Aalst'],
  94: [50.83, 4.02, 'Ninove'],
  95: [50.77, 3.88, 'Geraardsbergen'],
  96: [50.75, 3.6, 'Ronse'],
  97: [50.85, 3.61, 'Oudenaarde'],
  98: [51.0, 3.58, 'Deinze / Sint-Martens-Latem'],
  99: [51.19, 3.56, 'Eeklo'],
};

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in km between two points. */
export function greatCircleKm(a: readonly [number, number], b: readonly [number, number]): number {
  const dLat = rad(b[0] - a[0]);
  const dLon = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const zoneOf = (postcode: number | null | undefined): number | null =>
  postcode != null && postcode >= 1000 && postcode <= 9999 ? Math.floor(postcode / 100) : null;

/** Distance in whole km between two Belgian postcodes; null when either is unknown. */
export function postcodeDistanceKm(
  a: number | null | undefined,
  b: number | null | undefined,
): number | null {
  const za = zoneOf(a);
  const zb = zoneOf(b);
  if (za === null || zb === null) return null;
  const pa = POSTCODE_ZONE_CENTROIDS[za];
  const pb = POSTCODE_ZONE_CENTROIDS[zb];
  if (!pa || !pb) return null;
  return Math.round(greatCircleKm([pa[0], pa[1]], [pb[0], pb[1]]));
}

/**
 * The distance from one postcode to every zone, as an array indexed by zone (1-based, as SQL
 * arrays are: element `zone` is the distance to that zone): the candidate query looks a
 * candidate's distance up with `($1::int[])[postcode / 100]`, no trigonometry per row.
 */
export function distancesFromPostcode(postcode: number | null): (number | null)[] {
  return Array.from({ length: 99 }, (_, i) => postcodeDistanceKm(postcode, (i + 1) * 100));
}
