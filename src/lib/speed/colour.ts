/** Colour band of a score (spec §4/§9). */
export type ScoreColour = 'red' | 'orange' | 'green';

/**
 * The colour band of a score: 49 or below red, 90 or above green, otherwise
 * orange.
 *
 * @param score Score 0–100.
 * @return The colour band, used as the `tessera-speed-circle--<colour>` modifier.
 */
export function scoreColour( score: number ): ScoreColour {
	if ( score <= 49 ) {
		return 'red';
	}
	return score >= 90 ? 'green' : 'orange';
}
