export interface CompanySeed {
  name: string;
  logo: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
  is_main: boolean;
}

/**
 * The main company (the operator) and a few others the company search can find. Texts shown to
 * users in every language are names, addresses and links only: the seed has no English sentence
 * (a subject stays empty until staff write one). The main company's url '/' is this site; the
 * app shows it as the site's own address. Its logo is the app's logo (apps/web/public/logo.png).
 */
export const COMPANIES: readonly CompanySeed[] = [
  {
    name: 'Harbour Point Markets Ltd',
    logo: '/logo.png',
    url: '/',
    subject: '',
    registered_address: '18 Harbour Road, Wan Chai, Hong Kong',
    location: 'Level 21, Two Pacific Place, 88 Queensway, Admiralty, Hong Kong',
    email: 'support@harbourpoint.example',
    is_main: true,
  },
  {
    name: 'Northgate Capital Partners',
    logo: '',
    url: 'https://northgate.example',
    subject: '',
    registered_address: '1 Raffles Place, Singapore 048616',
    location: '1 Raffles Place, Singapore 048616',
    email: 'info@northgate.example',
    is_main: false,
  },
  {
    name: 'Lumen Digital Assets',
    logo: '',
    url: 'https://lumen.example',
    subject: '',
    registered_address: '25 Canada Square, London E14 5LQ, United Kingdom',
    location: '25 Canada Square, London E14 5LQ, United Kingdom',
    email: 'hello@lumen.example',
    is_main: false,
  },
  {
    name: 'Sakura Securities Co.',
    logo: '',
    url: 'https://sakura-sec.example',
    subject: '',
    registered_address: '2-1-1 Nihonbashi, Chuo-ku, Tokyo, Japan',
    location: '2-1-1 Nihonbashi, Chuo-ku, Tokyo, Japan',
    email: 'contact@sakura-sec.example',
    is_main: false,
  },
];
