import type { ServiceGroupType, ServiceRowType } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';

/**
 * What a company starts with (issue 15 "shipped defaults"): three checklists built from public
 * inspection practice — the annual inspection of power operated pedestrian doors (EN 16005), the
 * annual inspection of fire-rated doorsets, and the handover after installing windows and doors —
 * two global answer sets, and the function lists of an automatic door. Written in both languages;
 * the company's document language picks which one is stored (they are the words of its service
 * reports). Keys are stable: the ids of the stored rows are derived from them.
 */

export type Words = Record<Locale, string>;

export type StarterAnswer = {
  name: Words;
  color: string;
  isCommentRequired?: true;
  isPictureRequired?: true;
  isDeviationRequired?: true;
};

export type StarterRow = {
  key: string;
  name: Words;
  type: ServiceRowType;
  note?: Words;
  url?: string;
  /** A global answer set the row's answers were copied from, or answers of its own. */
  answers?: StarterAnswerSet | StarterAnswer[];
  /** The function (of STARTER_FUNCTION_GROUPS) the row checks. */
  functionKey?: string;
};

export type StarterGroup = {
  key: string;
  name: Words;
  typeGroup: ServiceGroupType;
  info?: Words;
  rows: StarterRow[];
};

export type StarterTemplate = { key: string; name: Words; info: Words; groups: StarterGroup[] };

const GREEN = '#2f9e44';
const RED = '#e03131';
const ORANGE = '#f08c00';
const GREY = '#999999';

export const STARTER_ANSWER_SETS = {
  okNotOk: {
    name: { en: 'OK / Not OK / Not applicable', nb: 'OK / Ikke OK / Ikke aktuelt' },
    answers: [
      { name: { en: 'OK', nb: 'OK' }, color: GREEN },
      {
        name: { en: 'Not OK', nb: 'Ikke OK' },
        color: RED,
        isCommentRequired: true,
        isPictureRequired: true,
        isDeviationRequired: true,
      },
      { name: { en: 'Not applicable', nb: 'Ikke aktuelt' }, color: GREY },
    ],
  },
  approved: {
    name: { en: 'Approved / Remarks / Not approved', nb: 'Godkjent / Anmerkning / Ikke godkjent' },
    answers: [
      { name: { en: 'Approved', nb: 'Godkjent' }, color: GREEN },
      { name: { en: 'Remarks', nb: 'Anmerkning' }, color: ORANGE, isCommentRequired: true },
      {
        name: { en: 'Not approved', nb: 'Ikke godkjent' },
        color: RED,
        isCommentRequired: true,
        isPictureRequired: true,
        isDeviationRequired: true,
      },
    ],
  },
} as const satisfies Record<string, { name: Words; answers: StarterAnswer[] }>;
export type StarterAnswerSet = keyof typeof STARTER_ANSWER_SETS;

export const STARTER_FUNCTION_GROUPS: {
  key: string;
  name: Words;
  functions: { key: string; name: Words }[];
}[] = [
  {
    key: 'sensors',
    name: { en: 'Sensors', nb: 'Sensorer' },
    functions: [
      {
        key: 'activation-inside',
        name: { en: 'Activation sensor, inside', nb: 'Aktiveringssensor, innside' },
      },
      {
        key: 'activation-outside',
        name: { en: 'Activation sensor, outside', nb: 'Aktiveringssensor, utside' },
      },
      {
        key: 'presence-closing',
        name: { en: 'Presence sensor, closing path', nb: 'Tilstedeværelsessensor, lukkeområde' },
      },
      { key: 'leaf-safety', name: { en: 'Safety sensor on the leaf', nb: 'Sikkerhetssensor på dørblad' } },
    ],
  },
  {
    key: 'drive',
    name: { en: 'Drive unit', nb: 'Drivenhet' },
    functions: [
      { key: 'motor', name: { en: 'Motor and gearbox', nb: 'Motor og gir' } },
      { key: 'control', name: { en: 'Control unit and programme switch', nb: 'Styring og programvelger' } },
      { key: 'belt', name: { en: 'Belt and carriages', nb: 'Tannrem og løpevogner' } },
    ],
  },
  {
    key: 'emergency',
    name: { en: 'Emergency opening', nb: 'Nødåpning' },
    functions: [
      { key: 'battery', name: { en: 'Battery backup', nb: 'Batteribackup' } },
      { key: 'break-out', name: { en: 'Break-out fittings', nb: 'Brekkbeslag' } },
      { key: 'emergency-button', name: { en: 'Emergency opening button', nb: 'Nødåpningsbryter' } },
    ],
  },
  {
    key: 'locking',
    name: { en: 'Locking', nb: 'Låsing' },
    functions: [{ key: 'electric-lock', name: { en: 'Electric lock', nb: 'Elektrisk lås' } }],
  },
];

export const STARTER_FUNCTION_STATUSES: { key: string; name: Words; color: string }[] = [
  { key: 'working', name: { en: 'Working', nb: 'Fungerer' }, color: GREEN },
  { key: 'fault', name: { en: 'Fault', nb: 'Feil' }, color: RED },
  { key: 'replaced', name: { en: 'Replaced', nb: 'Byttet' }, color: '#1c7ed6' },
];

const check = (key: string, en: string, nb: string, extra: Partial<StarterRow> = {}): StarterRow => ({
  key,
  name: { en, nb },
  type: 'singleAnswer',
  answers: 'okNotOk',
  ...extra,
});
const approval = (key: string, en: string, nb: string, extra: Partial<StarterRow> = {}): StarterRow =>
  check(key, en, nb, { answers: 'approved', ...extra });
const field = (key: string, type: ServiceRowType, en: string, nb: string, note?: Words): StarterRow => ({
  key,
  name: { en, nb },
  type,
  ...(note && { note }),
});

const automaticDoor: StarterTemplate = {
  key: 'en16005-annual',
  name: {
    en: 'Automatic door — annual inspection per EN 16005',
    nb: 'Automatisk dør — årlig kontroll etter EN 16005',
  },
  info: {
    en: 'Annual inspection of a power operated pedestrian door by a competent person, as EN 16005 and the manufacturer require. Check against the door’s risk assessment and record the result in the door’s logbook.',
    nb: 'Årlig kontroll av en automatisk gangdør utført av kompetent person, slik EN 16005 og produsenten krever. Kontroller mot dørens risikovurdering og før resultatet inn i dørens loggbok.',
  },
  groups: [
    {
      key: 'general',
      name: { en: 'Door and documentation', nb: 'Dør og dokumentasjon' },
      typeGroup: 'checklist',
      rows: [
        field('door-type', 'text', 'Door type, make and model', 'Dørtype, fabrikat og modell', {
          en: 'Sliding, swing, folding or revolving door; as on the type plate.',
          nb: 'Skyvedør, slagdør, foldedør eller karuselldør; som på typeskiltet.',
        }),
        field('serial', 'text', 'Serial number of the drive unit', 'Serienummer på drivenheten'),
        {
          key: 'mode',
          name: { en: 'Operating mode on arrival', nb: 'Driftsmodus ved ankomst' },
          type: 'singleAnswer',
          answers: [
            { name: { en: 'Automatic', nb: 'Automatisk' }, color: GREEN },
            { name: { en: 'Exit only', nb: 'Kun utgang' }, color: GREY },
            { name: { en: 'Permanently open', nb: 'Permanent åpen' }, color: GREY },
            { name: { en: 'Night / locked', nb: 'Natt / låst' }, color: GREY },
            { name: { en: 'Off', nb: 'Av' }, color: GREY },
          ],
        },
        check(
          'logbook',
          'Logbook kept at the door, previous inspection signed',
          'Loggbok finnes ved døren, forrige kontroll er signert',
        ),
        check(
          'risk-assessment',
          'Risk assessment of the door available',
          'Risikovurdering av døren foreligger',
        ),
        {
          key: 'manual',
          name: { en: 'Manufacturer’s service manual', nb: 'Produsentens servicemanual' },
          type: 'url',
          note: {
            en: 'Link to the manual of this door model.',
            nb: 'Lenke til manualen for denne dørmodellen.',
          },
        },
      ],
    },
    {
      key: 'sensors',
      name: { en: 'Sensors and safety functions', nb: 'Sensorer og sikkerhetsfunksjoner' },
      typeGroup: 'functions',
      info: {
        en: 'Test every sensor with the test body of EN 16005, with the door in automatic mode.',
        nb: 'Test hver sensor med prøvelegemet i EN 16005, med døren i automatisk drift.',
      },
      rows: [
        check(
          'activation-inside',
          'Activation sensor inside: detection field set and tested',
          'Aktiveringssensor innside: deteksjonsfelt innstilt og testet',
          {
            functionKey: 'activation-inside',
          },
        ),
        check(
          'activation-outside',
          'Activation sensor outside: detection field set and tested',
          'Aktiveringssensor utside: deteksjonsfelt innstilt og testet',
          {
            functionKey: 'activation-outside',
          },
        ),
        check(
          'presence',
          'Presence sensor in the closing path stops or reverses the door',
          'Tilstedeværelsessensor i lukkeområdet stopper eller reverserer døren',
          { functionKey: 'presence-closing' },
        ),
        check(
          'leaf-sensors',
          'Safety sensors on swing door leaves, opening and closing side',
          'Sikkerhetssensorer på slagdørblad, åpne- og lukkeside',
          { functionKey: 'leaf-safety' },
        ),
        check(
          'monitoring',
          'Sensor monitoring (test signal) works: a faulty sensor stops the door safely',
          'Sensorovervåking (testsignal) fungerer: en feil sensor stopper døren på en sikker måte',
        ),
        check(
          'secondary-edges',
          'Secondary closing edges guarded (finger guards, distances)',
          'Sekundære lukkekanter sikret (fingerbeskyttelse, avstander)',
        ),
        field('sensor-picture', 'picture', 'Picture of the sensor settings', 'Bilde av sensorinnstillingene'),
      ],
    },
    {
      key: 'forces',
      name: { en: 'Forces and speeds', nb: 'Krefter og hastigheter' },
      typeGroup: 'measurements',
      info: {
        en: 'Measure with a calibrated force gauge at the main closing edge; compare with EN 16005 and the values in the risk assessment.',
        nb: 'Mål med kalibrert kraftmåler ved hovedlukkekanten; sammenlign med EN 16005 og verdiene i risikovurderingen.',
      },
      rows: [
        field('static-force', 'number', 'Static closing force (N)', 'Statisk lukkekraft (N)', {
          en: 'At most 150 N where the forces are limited.',
          nb: 'Høyst 150 N der kreftene er begrenset.',
        }),
        field('opening-time', 'number', 'Opening time (s)', 'Åpningstid (s)'),
        field('closing-time', 'number', 'Closing time (s)', 'Lukketid (s)'),
        field('hold-open', 'number', 'Hold-open time (s)', 'Åpentid (s)'),
        check(
          'within-limits',
          'Forces and speeds within the limits of EN 16005 and the risk assessment',
          'Krefter og hastigheter innenfor grensene i EN 16005 og risikovurderingen',
        ),
      ],
    },
    {
      key: 'emergency',
      name: { en: 'Emergency opening', nb: 'Nødåpning' },
      typeGroup: 'functions',
      rows: [
        check(
          'power-failure',
          'Door opens on power failure (battery or spring) in an escape route',
          'Døren åpner ved strømbrudd (batteri eller fjær) i rømningsvei',
          { functionKey: 'battery' },
        ),
        check(
          'break-out',
          'Break-out of the sliding leaves tested',
          'Brekkbeslag på skyvedørbladene testet',
          {
            functionKey: 'break-out',
          },
        ),
        check('emergency-button', 'Emergency opening button works', 'Nødåpningsbryter fungerer', {
          functionKey: 'emergency-button',
        }),
        check(
          'fire-alarm',
          'Connection to the fire alarm opens the door',
          'Kobling mot brannalarmanlegget åpner døren',
        ),
        field('battery-date', 'date', 'Battery last replaced', 'Batteri sist byttet'),
      ],
    },
    {
      key: 'mechanics',
      name: { en: 'Mechanical condition', nb: 'Mekanisk tilstand' },
      typeGroup: 'checklist',
      rows: [
        check('drive', 'Drive unit, belt and carriages', 'Drivenhet, tannrem og løpevogner', {
          functionKey: 'belt',
        }),
        check('floor-guide', 'Floor guide, leaves and seals', 'Bunnføring, dørblad og tetninger'),
        check(
          'glass',
          'Glass undamaged and marked as safety glass',
          'Glass uten skader og merket som sikkerhetsglass',
        ),
        check('lock', 'Electric lock and locking work', 'Elektrisk lås og låsing fungerer', {
          functionKey: 'electric-lock',
        }),
        check('fixings', 'Fixings and covers secure', 'Innfestinger og deksler sitter godt'),
      ],
    },
    {
      key: 'signage',
      name: { en: 'Signage and marking', nb: 'Skilting og merking' },
      typeGroup: 'checklist',
      rows: [
        check(
          'automatic-sign',
          'Sign "Automatic door" on both sides',
          'Skilt «Automatisk dør» på begge sider',
        ),
        check('escape-sign', 'Escape route marking at the door', 'Merking av rømningsvei ved døren'),
        check(
          'glass-marking',
          'Glass surfaces marked so they are seen',
          'Glassflater markert så de blir sett',
        ),
        check('ce', 'CE marking and type plate on the door', 'CE-merking og typeskilt på døren'),
      ],
    },
    {
      key: 'logbook',
      name: { en: 'Logbook entry and signatures', nb: 'Loggbok og signaturer' },
      typeGroup: 'signOff',
      rows: [
        check(
          'logbook-entry',
          'Result entered in the door’s logbook',
          'Resultatet er ført inn i dørens loggbok',
        ),
        field('remarks', 'text', 'Remarks to the customer', 'Merknader til kunden'),
        field('next-inspection', 'date', 'Next inspection', 'Neste kontroll'),
        field('customer-signature', 'signature', 'Customer’s signature', 'Kundens signatur'),
        field('technician-signature', 'signature', 'Technician’s signature', 'Teknikerens signatur'),
      ],
    },
  ],
};

const fireDoor: StarterTemplate = {
  key: 'fire-door-annual',
  name: { en: 'Fire door — annual inspection', nb: 'Branndør — årlig kontroll' },
  info: {
    en: 'Annual inspection of a fire-rated doorset (for example EI2 30 or EI2 60) against its classification label, the manufacturer’s instructions and the building’s fire safety documentation.',
    nb: 'Årlig kontroll av en branndør (for eksempel EI2 30 eller EI2 60) mot klassifiseringsmerket, produsentens anvisninger og byggets branndokumentasjon.',
  },
  groups: [
    {
      key: 'identification',
      name: { en: 'Identification', nb: 'Identifikasjon' },
      typeGroup: 'checklist',
      rows: [
        field('location', 'text', 'Door number and location', 'Dørnummer og plassering'),
        field('class', 'text', 'Fire class on the label', 'Brannklasse på merket', {
          en: 'For example EI2 30-Sa or EI2 60-C5.',
          nb: 'For eksempel EI2 30-Sa eller EI2 60-C5.',
        }),
        check(
          'label',
          'Classification label present and legible',
          'Klassifiseringsmerke finnes og er lesbart',
        ),
        field('label-picture', 'picture', 'Picture of the label', 'Bilde av merket'),
      ],
    },
    {
      key: 'leaf-frame',
      name: { en: 'Leaf and frame', nb: 'Dørblad og karm' },
      typeGroup: 'checklist',
      rows: [
        check(
          'damage',
          'Leaf and frame undamaged, no holes or unapproved changes',
          'Dørblad og karm uten skader, hull eller ikke godkjente endringer',
        ),
        check('fire-glass', 'Fire-rated glass intact', 'Brannglass er helt'),
        check(
          'seals',
          'Intumescent strips and smoke seals whole and in place',
          'Brannlister og røyktetninger er hele og på plass',
        ),
        field(
          'gap',
          'number',
          'Largest gap between leaf and frame (mm)',
          'Største klaring mellom dørblad og karm (mm)',
          {
            en: 'Within the manufacturer’s tolerance.',
            nb: 'Innenfor produsentens toleranse.',
          },
        ),
        check('threshold', 'Threshold and bottom seal', 'Terskel og bunntetning'),
      ],
    },
    {
      key: 'closing',
      name: { en: 'Closing and latching', nb: 'Lukking og låsing' },
      typeGroup: 'functions',
      rows: [
        check(
          'self-closing',
          'Door closes and latches by itself from fully open',
          'Døren lukker og smekker i lås av seg selv fra helt åpen',
        ),
        check(
          'closer',
          'Door closer set (closing speed and latching)',
          'Dørlukker justert (lukkehastighet og smekk)',
        ),
        check(
          'coordinator',
          'Closing sequence selector on double doors works',
          'Koordinator på dobbeldør fungerer',
        ),
        check(
          'hold-open',
          'Hold-open magnets release on fire alarm and test',
          'Holdemagneter slipper ved brannalarm og test',
        ),
        check(
          'panic',
          'Panic and emergency exit hardware (EN 1125 / EN 179) works',
          'Panikkbeslag og nødutgangsbeslag (EN 1125 / EN 179) fungerer',
        ),
        check('hinges', 'Hinges and fixings secure', 'Hengsler og innfestinger sitter godt'),
      ],
    },
    {
      key: 'sign-off',
      name: { en: 'Use and sign-off', nb: 'Bruk og signering' },
      typeGroup: 'signOff',
      rows: [
        check(
          'not-wedged',
          'Door not held open with wedges or the like',
          'Døren holdes ikke åpen med kiler eller lignende',
        ),
        check('signage', 'Sign "Fire door — keep closed"', 'Skilt «Branndør — holdes lukket»'),
        field('remarks', 'text', 'Remarks', 'Merknader'),
        field('technician-signature', 'signature', 'Technician’s signature', 'Teknikerens signatur'),
      ],
    },
  ],
};

const handover: StarterTemplate = {
  key: 'installation-handover',
  name: {
    en: 'Window and door installation handover',
    nb: 'Overlevering etter montasje av vinduer og dører',
  },
  info: {
    en: 'Handover to the customer when the windows and doors are installed: installation, function, finish and documentation, signed by both.',
    nb: 'Overlevering til kunden når vinduer og dører er montert: montasje, funksjon, finish og dokumentasjon, signert av begge.',
  },
  groups: [
    {
      key: 'installation',
      name: { en: 'Installation', nb: 'Montasje' },
      typeGroup: 'checklist',
      rows: [
        approval(
          'instructions',
          'Installed to the manufacturer’s installation instructions',
          'Montert etter produsentens monteringsanvisning',
        ),
        approval(
          'plumb',
          'Plumb, level and square (diagonals measured)',
          'I lodd, vater og vinkel (diagonaler målt)',
        ),
        approval(
          'fixing',
          'Fixings and shims at the prescribed spacing',
          'Innfesting og kiling med foreskrevet avstand',
        ),
        approval(
          'sealing',
          'Gap insulated, sealed airtight inside and windtight outside',
          'Fugen er isolert, tettet lufttett innvendig og vindtett utvendig',
        ),
        approval(
          'flashing',
          'Sill, flashing and drip edges fitted',
          'Vannbrett, beslag og dryppkanter montert',
        ),
      ],
    },
    {
      key: 'function',
      name: { en: 'Function', nb: 'Funksjon' },
      typeGroup: 'functions',
      rows: [
        approval('operation', 'Opens, closes and locks easily', 'Åpner, lukker og låser lett'),
        approval('hardware', 'Hinges and hardware adjusted', 'Hengsler og beslag justert'),
        approval('vents', 'Vents and child safety catches work', 'Ventiler og barnesikring fungerer'),
        approval(
          'finish',
          'Glass, frames and surfaces without damage',
          'Glass, karmer og overflater uten skader',
        ),
      ],
    },
    {
      key: 'handover',
      name: { en: 'Handover', nb: 'Overlevering' },
      typeGroup: 'signOff',
      rows: [
        approval('cleaned', 'Protective film removed and cleaned', 'Beskyttelsesfilm fjernet og rengjort'),
        approval(
          'documentation',
          'Operation and maintenance documentation handed over',
          'FDV-dokumentasjon overlevert',
        ),
        field('count', 'number', 'Number of units handed over', 'Antall enheter overlevert'),
        field('date', 'date', 'Date of handover', 'Dato for overlevering'),
        field('picture', 'picture', 'Picture of the finished work', 'Bilde av ferdig arbeid'),
        field('remarks', 'text', 'Remarks', 'Merknader'),
        field('customer-signature', 'signature', 'Customer’s signature', 'Kundens signatur'),
        field('installer-signature', 'signature', 'Installer’s signature', 'Montørens signatur'),
      ],
    },
  ],
};

export const STARTER_TEMPLATES: StarterTemplate[] = [automaticDoor, fireDoor, handover];
