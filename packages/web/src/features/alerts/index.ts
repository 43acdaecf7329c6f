/**
 * The alerts feature's public surface (issue 36): the header's bell. Everything behind it — the
 * unread count, the live channel, the list and the settings — loads after the first screen.
 */
export { AlertsBell } from './components/alerts-bell';
