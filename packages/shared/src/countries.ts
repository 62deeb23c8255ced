// Countries (ISO 3166-1 alpha-2, English short names) and, where shoppers are asked for one, their
// states or provinces (ISO 3166-2 codes without the country prefix: 'CA' for California). The
// shipping zones, the address forms and the checkout all choose from these lists.

/** One entry per line: the code, a space, the name. Sorted by code. */
const COUNTRY_TABLE = `AD Andorra
AE United Arab Emirates
AF Afghanistan
AG Antigua and Barbuda
AI Anguilla
AL Albania
AM Armenia
AO Angola
AQ Antarctica
AR Argentina
AS American Samoa
AT Austria
AU Australia
AW Aruba
AX Åland Islands
AZ Azerbaijan
BA Bosnia and Herzegovina
BB Barbados
BD Bangladesh
BE Belgium
BF Burkina Faso
BG Bulgaria
BH Bahrain
BI Burundi
BJ Benin
BL Saint Barthélemy
BM Bermuda
BN Brunei
BO Bolivia
BQ Caribbean Netherlands
BR Brazil
BS Bahamas
BT Bhutan
BV Bouvet Island
BW Botswana
BY Belarus
BZ Belize
CA Canada
CC Cocos (Keeling) Islands
CD Democratic Republic of the Congo
CF Central African Republic
CG Republic of the Congo
CH Switzerland
CI Côte d'Ivoire
CK Cook Islands
CL Chile
CM Cameroon
CN China
CO Colombia
CR Costa Rica
CU Cuba
CV Cape Verde
CW Curaçao
CX Christmas Island
CY Cyprus
CZ Czechia
DE Germany
DJ Djibouti
DK Denmark
DM Dominica
DO Dominican Republic
DZ Algeria
EC Ecuador
EE Estonia
EG Egypt
EH Western Sahara
ER Eritrea
ES Spain
ET Ethiopia
FI Finland
FJ Fiji
FK Falkland Islands
FM Micronesia
FO Faroe Islands
FR France
GA Gabon
GB United Kingdom
GD Grenada
GE Georgia
GF French Guiana
GG Guernsey
GH Ghana
GI Gibraltar
GL Greenland
GM Gambia
GN Guinea
GP Guadeloupe
GQ Equatorial Guinea
GR Greece
GS South Georgia and South Sandwich Islands
GT Guatemala
GU Guam
GW Guinea-Bissau
GY Guyana
HK Hong Kong
HM Heard Island and McDonald Islands
HN Honduras
HR Croatia
HT Haiti
HU Hungary
ID Indonesia
IE Ireland
IL Israel
IM Isle of Man
IN India
IO British Indian Ocean Territory
IQ Iraq
IR Iran
IS Iceland
IT Italy
JE Jersey
JM Jamaica
JO Jordan
JP Japan
KE Kenya
KG Kyrgyzstan
KH Cambodia
KI Kiribati
KM Comoros
KN Saint Kitts and Nevis
KP North Korea
KR South Korea
KW Kuwait
KY Cayman Islands
KZ Kazakhstan
LA Laos
LB Lebanon
LC Saint Lucia
LI Liechtenstein
LK Sri Lanka
LR Liberia
LS Lesotho
LT Lithuania
LU Luxembourg
LV Latvia
LY Libya
MA Morocco
MC Monaco
MD Moldova
ME Montenegro
MF Saint Martin
MG Madagascar
MH Marshall Islands
MK North Macedonia
ML Mali
MM Myanmar
MN Mongolia
MO Macao
MP Northern Mariana Islands
MQ Martinique
MR Mauritania
MS Montserrat
MT Malta
MU Mauritius
MV Maldives
MW Malawi
MX Mexico
MY Malaysia
MZ Mozambique
NA Namibia
NC New Caledonia
NE Niger
NF Norfolk Island
NG Nigeria
NI Nicaragua
NL Netherlands
NO Norway
NP Nepal
NR Nauru
NU Niue
NZ New Zealand
OM Oman
PA Panama
PE Peru
PF French Polynesia
PG Papua New Guinea
PH Philippines
PK Pakistan
PL Poland
PM Saint Pierre and Miquelon
PN Pitcairn Islands
PR Puerto Rico
PS Palestine
PT Portugal
PW Palau
PY Paraguay
QA Qatar
RE Réunion
RO Romania
RS Serbia
RU Russia
RW Rwanda
SA Saudi Arabia
SB Solomon Islands
SC Seychelles
SD Sudan
SE Sweden
SG Singapore
SH Saint Helena
SI Slovenia
SJ Svalbard and Jan Mayen
SK Slovakia
SL Sierra Leone
SM San Marino
SN Senegal
SO Somalia
SR Suriname
SS South Sudan
ST São Tomé and Príncipe
SV El Salvador
SX Sint Maarten
SY Syria
SZ Eswatini
TC Turks and Caicos Islands
TD Chad
TF French Southern Territories
TG Togo
TH Thailand
TJ Tajikistan
TK Tokelau
TL Timor-Leste
TM Turkmenistan
TN Tunisia
TO Tonga
TR Türkiye
TT Trinidad and Tobago
TV Tuvalu
TW Taiwan
TZ Tanzania
UA Ukraine
UG Uganda
UM United States Minor Outlying Islands
US United States
UY Uruguay
UZ Uzbekistan
VA Vatican City
VC Saint Vincent and the Grenadines
VE Venezuela
VG British Virgin Islands
VI U.S. Virgin Islands
VN Vietnam
VU Vanuatu
WF Wallis and Futuna
WS Samoa
YE Yemen
YT Mayotte
ZA South Africa
ZM Zambia
ZW Zimbabwe`;

/** Per country: subdivisions as 'CODE Name', separated by '|'. */
const SUBDIVISION_TABLE: Record<string, string> = {
  US: [
    'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware',
    'DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa',
    'KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan',
    'MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire',
    'NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma',
    'OR Oregon|PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee',
    'TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming',
    'AS American Samoa|GU Guam|MP Northern Mariana Islands|PR Puerto Rico',
    'UM United States Minor Outlying Islands|VI U.S. Virgin Islands',
  ].join('|'),
  CA: [
    'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador',
    'NS Nova Scotia|NT Northwest Territories|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Quebec',
    'SK Saskatchewan|YT Yukon',
  ].join('|'),
  AU: [
    'ACT Australian Capital Territory|NSW New South Wales|NT Northern Territory|QLD Queensland',
    'SA South Australia|TAS Tasmania|VIC Victoria|WA Western Australia',
  ].join('|'),
  MX: [
    'AGU Aguascalientes|BCN Baja California|BCS Baja California Sur|CAM Campeche|CHP Chiapas',
    'CHH Chihuahua|CMX Ciudad de México|COA Coahuila|COL Colima|DUR Durango|GUA Guanajuato',
    'GRO Guerrero|HID Hidalgo|JAL Jalisco|MEX México|MIC Michoacán|MOR Morelos|NAY Nayarit',
    'NLE Nuevo León|OAX Oaxaca|PUE Puebla|QUE Querétaro|ROO Quintana Roo|SLP San Luis Potosí',
    'SIN Sinaloa|SON Sonora|TAB Tabasco|TAM Tamaulipas|TLA Tlaxcala|VER Veracruz|YUC Yucatán',
    'ZAC Zacatecas',
  ].join('|'),
  BR: [
    'AC Acre|AL Alagoas|AP Amapá|AM Amazonas|BA Bahia|CE Ceará|DF Distrito Federal|ES Espírito Santo',
    'GO Goiás|MA Maranhão|MT Mato Grosso|MS Mato Grosso do Sul|MG Minas Gerais|PA Pará|PB Paraíba',
    'PR Paraná|PE Pernambuco|PI Piauí|RJ Rio de Janeiro|RN Rio Grande do Norte|RS Rio Grande do Sul',
    'RO Rondônia|RR Roraima|SC Santa Catarina|SP São Paulo|SE Sergipe|TO Tocantins',
  ].join('|'),
};

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  name: string;
}

export interface Subdivision {
  /** The ISO 3166-2 code without the country prefix ('CA' for California). */
  code: string;
  name: string;
}

function parseEntries(table: string, separator: string): { code: string; name: string }[] {
  return table
    .split(separator)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const space = entry.indexOf(' ');
      return { code: entry.slice(0, space), name: entry.slice(space + 1) };
    });
}

/** Every country, sorted by English name. */
export const COUNTRIES: readonly Country[] = parseEntries(COUNTRY_TABLE, '\n').sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

const COUNTRY_NAMES = new Map(COUNTRIES.map((country) => [country.code, country.name]));
const SUBDIVISIONS = new Map<string, readonly Subdivision[]>(
  Object.entries(SUBDIVISION_TABLE).map(([code, table]) => [code, parseEntries(table, '|')]),
);

/** Whether `code` is an ISO 3166-1 alpha-2 country code (upper case). */
export function isCountryCode(code: string): boolean {
  return COUNTRY_NAMES.has(code);
}

/** The country's English name; an unknown code is returned as it is. */
export function countryName(code: string): string {
  return COUNTRY_NAMES.get(code) ?? code;
}

/** The states or provinces a shopper chooses from for this country; empty when we ask for none. */
export function subdivisions(countryCode: string): readonly Subdivision[] {
  return SUBDIVISIONS.get(countryCode) ?? [];
}

/** The subdivision's name, or null when the country has no such subdivision in our lists. */
export function subdivisionName(countryCode: string, subdivisionCode: string): string | null {
  return subdivisions(countryCode).find((s) => s.code === subdivisionCode)?.name ?? null;
}

/** What a country calls its first-level divisions, as its address forms say it. */
export type SubdivisionKind = 'state' | 'province' | 'prefecture' | 'county';

const SUBDIVISION_KINDS: Record<string, SubdivisionKind> = {
  US: 'state',
  AU: 'state',
  MX: 'state',
  BR: 'state',
  IN: 'state',
  MY: 'state',
  NG: 'state',
  CA: 'province',
  AR: 'province',
  BE: 'province',
  CN: 'province',
  ES: 'province',
  IT: 'province',
  NL: 'province',
  PH: 'province',
  ZA: 'province',
  JP: 'prefecture',
  GB: 'county',
  IE: 'county',
};

/** The word for the country's subdivisions ("province" in Canada), or null where we know none. */
export function subdivisionKind(countryCode: string): SubdivisionKind | null {
  return SUBDIVISION_KINDS[countryCode] ?? null;
}
