/** A phone's viewport (an iPhone 12–15 in CSS pixels): where technicians use Karm, so most journeys look there too. */
export const PHONE = { width: 390, height: 844 };
