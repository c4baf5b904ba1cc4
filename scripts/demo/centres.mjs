// Deterministic demo service centres: realistic German dealership names with
// matching postcode and town, so search and the 100-option cap can be tried.

const TOWNS = [
  ['10115', 'Berlin'], ['10247', 'Berlin'], ['12099', 'Berlin'], ['13403', 'Berlin'], ['20095', 'Hamburg'],
  ['22041', 'Hamburg'], ['21073', 'Hamburg'], ['80331', 'München'], ['81379', 'München'], ['85748', 'Garching bei München'],
  ['50667', 'Köln'], ['51105', 'Köln'], ['60311', 'Frankfurt am Main'], ['65929', 'Frankfurt am Main'], ['70173', 'Stuttgart'],
  ['70469', 'Stuttgart'], ['40210', 'Düsseldorf'], ['44135', 'Dortmund'], ['45127', 'Essen'], ['04109', 'Leipzig'],
  ['28195', 'Bremen'], ['01067', 'Dresden'], ['30159', 'Hannover'], ['90402', 'Nürnberg'], ['47051', 'Duisburg'],
  ['44787', 'Bochum'], ['42103', 'Wuppertal'], ['33602', 'Bielefeld'], ['53111', 'Bonn'], ['48143', 'Münster'],
  ['68159', 'Mannheim'], ['76133', 'Karlsruhe'], ['65183', 'Wiesbaden'], ['86150', 'Augsburg'], ['52062', 'Aachen'],
  ['41061', 'Mönchengladbach'], ['45879', 'Gelsenkirchen'], ['38100', 'Braunschweig'], ['09111', 'Chemnitz'], ['24103', 'Kiel'],
  ['06108', 'Halle (Saale)'], ['39104', 'Magdeburg'], ['79098', 'Freiburg im Breisgau'], ['47798', 'Krefeld'], ['23552', 'Lübeck'],
  ['46045', 'Oberhausen'], ['99084', 'Erfurt'], ['55116', 'Mainz'], ['18055', 'Rostock'], ['34117', 'Kassel'],
  ['58095', 'Hagen'], ['59065', 'Hamm'], ['66111', 'Saarbrücken'], ['45468', 'Mülheim an der Ruhr'], ['14467', 'Potsdam'],
  ['67059', 'Ludwigshafen am Rhein'], ['26122', 'Oldenburg'], ['51373', 'Leverkusen'], ['49074', 'Osnabrück'], ['42651', 'Solingen'],
  ['69117', 'Heidelberg'], ['44623', 'Herne'], ['41460', 'Neuss'], ['64283', 'Darmstadt'], ['33098', 'Paderborn'],
  ['93047', 'Regensburg'], ['85049', 'Ingolstadt'], ['97070', 'Würzburg'], ['90762', 'Fürth'], ['89073', 'Ulm'],
  ['74072', 'Heilbronn'], ['75175', 'Pforzheim'], ['38440', 'Wolfsburg'], ['37073', 'Göttingen'], ['46236', 'Bottrop'],
  ['72764', 'Reutlingen'], ['56068', 'Koblenz'], ['54290', 'Trier'], ['07743', 'Jena'], ['03046', 'Cottbus'],
  ['91052', 'Erlangen'], ['27568', 'Bremerhaven'], ['78462', 'Konstanz'], ['94032', 'Passau'], ['83022', 'Rosenheim'],
  ['87435', 'Kempten (Allgäu)'], ['96047', 'Bamberg'], ['95444', 'Bayreuth'], ['88212', 'Ravensburg'], ['19053', 'Schwerin'],
  ['17489', 'Greifswald'], ['25813', 'Husum'], ['26721', 'Emden'], ['49808', 'Lingen (Ems)'], ['36037', 'Fulda'],
  ['35390', 'Gießen'], ['57072', 'Siegen'], ['32423', 'Minden'], ['31134', 'Hildesheim'], ['29221', 'Celle'],
];

const SURNAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
  'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier',
  'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber',
  'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert',
  'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz',
  'Baumann', 'Franke', 'Albrecht', 'Schuster', 'Simon', 'Ludwig', 'Böhm', 'Winter', 'Kraus', 'Martin',
  'Schumacher', 'Krämer', 'Vogt', 'Stein', 'Jäger', 'Otto', 'Sommer', 'Groß', 'Seidel', 'Heinrich',
];

const PATTERNS = [
  (s) => `Autohaus ${s} GmbH`,
  (s) => `Autohaus ${s}`,
  (s, t) => `Autozentrum ${t} ${s} GmbH & Co. KG`,
  (s) => `${s} Automobile GmbH`,
  (s, _t, s2) => `Autohaus ${s} & ${s2}`,
  (s) => `Kfz-Service ${s} GmbH`,
  (s, t) => `Autohaus ${s} ${t}`,
  (s) => `${s} Fahrzeugtechnik GmbH`,
  (s) => `Auto ${s} KG`,
  (_s, t) => `Leistungszentrum ${t}`,
];

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Returns `count` distinct centres with stable ids, names, PLZ, Ort and bnr. */
export function demoCentres(count = 320) {
  const random = mulberry32(2025);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const names = new Set();
  const centres = [];
  while (centres.length < count) {
    const [zipCode, city] = pick(TOWNS);
    const surname = pick(SURNAMES);
    const partner = pick(SURNAMES);
    const townShort = city.split(/[ (]/)[0];
    const partnerName = pick(PATTERNS)(surname, townShort, partner === surname ? 'Söhne' : partner);
    if (names.has(partnerName)) continue;
    names.add(partnerName);
    const n = centres.length + 1;
    centres.push({
      id: `demolz${String(n).padStart(9, '0')}`,
      partnerName,
      zipCode,
      city,
      bnr: String(400000 + n),
    });
  }
  return centres;
}
