/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	toDraft,
	toPayload,
	toggleRole,
} from '../../../src/admin/stats-dashboard/settings-draft';
import type { StatsSettings } from '../../../src/admin/stats-dashboard/types';

const stored = (): StatsSettings => ( {
	enabled: true,
	userOnline: true,
	onlineInterval: 60,
	dntEnabled: true,
	bypassAdBlockers: false,
	linkTracker: true,
	downloadTracker: true,
	downloadExtensions: [ 'pdf', 'zip' ],
	consentIntegration: 'auto',
	consentLevel: 'statistics',
	trackAnonymously: false,
	excludedRoles: [ 'administrator' ],
	excludedIps: [ '10.0.0.0/8', '192.0.2.1' ],
	retentionDays: 0,
} );

describe( 'stats settings draft', () => {
	it( 'round-trips stored settings', () => {
		const draft = toDraft( stored() );
		expect( draft.onlineInterval ).toBe( '60' );
		expect( draft.downloadExtensions ).toBe( 'pdf, zip' );
		expect( draft.excludedIps ).toBe( '10.0.0.0/8\n192.0.2.1' );
		expect( toPayload( draft ) ).toEqual( stored() );
	} );

	it( 'sends what cannot be read as typed, for the server to name', () => {
		const draft = {
			...toDraft( stored() ),
			onlineInterval: '1 minute',
			retentionDays: '',
			excludedIps: 'nonsense\n\n 192.0.2.9 ',
			downloadExtensions: '.PDF,, tar.gz',
		};
		const payload = toPayload( draft );
		expect( payload.onlineInterval ).toBe( '1 minute' );
		expect( payload.retentionDays ).toBe( '' );
		expect( payload.excludedIps ).toEqual( [ 'nonsense', '192.0.2.9' ] );
		expect( payload.downloadExtensions ).toEqual( [ '.PDF', 'tar.gz' ] );
	} );

	it( 'turns roles on and off without duplicates', () => {
		expect( toggleRole( [ 'administrator' ], 'editor', true ) ).toEqual( [
			'administrator',
			'editor',
		] );
		expect(
			toggleRole( [ 'administrator', 'editor' ], 'editor', true )
		).toEqual( [ 'administrator', 'editor' ] );
		expect(
			toggleRole( [ 'administrator' ], 'administrator', false )
		).toEqual( [] );
	} );
} );
