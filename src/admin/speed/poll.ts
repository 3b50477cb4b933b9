/**
 * Internal dependencies
 */
import type { NotifOutcome } from '../../lib/speed/types';

/** A finished check, as `twb_notif_check` reports it. */
export type NotifDone = { html: string; changeLogo: boolean };

/**
 * Polls `twb_notif_check` every `interval` ms (first call after one interval)
 * until an answer has non-empty `html` (then `onDone` is called) or a request
 * fails (then polling stops silently). One request at a time: the next one is
 * scheduled only when the previous one has answered.
 *
 * @param notif    Makes one notification request.
 * @param interval Poll interval, ms (spec: 30000).
 * @param onDone   Called once with the answer that ended the poll.
 * @return A function that stops polling.
 */
export function startNotifPoll(
	notif: () => Promise< NotifOutcome >,
	interval: number,
	onDone: ( answer: NotifDone ) => void
): () => void {
	let timer: ReturnType< typeof setTimeout > | undefined;
	let stopped = false;
	const schedule = (): void => {
		timer = setTimeout( async () => {
			const answer = await notif().catch( (): NotifOutcome => ( {
				ok: false,
			} ) );
			if ( stopped || ! answer.ok ) {
				return;
			}
			if ( answer.html ) {
				stopped = true;
				onDone( answer );
			} else {
				schedule();
			}
		}, interval );
	};
	schedule();
	return () => {
		stopped = true;
		clearTimeout( timer );
	};
}
