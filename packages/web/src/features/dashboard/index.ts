/**
 * The dashboard (SPEC §1 widgets, §2 `/` and the pie chart dialog). Composed in `app/`:
 * - `DashboardPage` `{ links, messagesWidget }`: `links` builds the hrefs of the lists behind the
 *   figures (features do not import the route table); `messagesWidget` is the messages module's card.
 * - `TodaysMessagesWidget`: the stand-in card until the messages module provides its own.
 */

export type { DashboardLinks } from './dashboard-links';
export { DashboardPage, type DashboardPageProps } from './dashboard-page';
export { TodaysMessagesWidget } from './todays-messages-widget';
