/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	parseCheckAnswer,
	parseNotifAnswer,
	parseSpeedConfig,
	parseStoredSpeed,
} from '../../../src/lib/speed/guards';

const UNREADABLE = 'The speed check returned an answer that could not be read.';

const device = {
	score: 87,
	tti: 2.3,
	lcp: 1.9,
	cls: 0.04,
	tbt: 120,
	field: {
		lcp: 2.1,
		cls: 0.02,
		inp: 180,
		fcp: 1.2,
		category: 'FAST',
	},
};

const answer = {
	desktop_score: 87,
	desktop_tti: 2.3,
	mobile_score: 45,
	mobile_tti: 7.9,
	checked_at: '2026-11-22T20:00:00+00:00',
	metrics: {
		desktop: device,
		mobile: { ...device, score: 45, tti: 7.9, field: null },
	},
};

describe( 'parseCheckAnswer', () => {
	it( 'accepts the four spec figures with the stored metrics', () => {
		expect( parseCheckAnswer( answer ) ).toEqual( {
			ok: true,
			result: {
				desktop_score: 87,
				desktop_tti: 2.3,
				mobile_score: 45,
				mobile_tti: 7.9,
				checked_at: '2026-11-22T20:00:00+00:00',
				metrics: answer.metrics,
			},
		} );
	} );

	it( 'accepts the spec answer alone (no checked_at, no metrics)', () => {
		expect(
			parseCheckAnswer( {
				desktop_score: 0,
				desktop_tti: 0,
				mobile_score: 100,
				mobile_tti: 12.5,
			} )
		).toEqual( {
			ok: true,
			result: {
				desktop_score: 0,
				desktop_tti: 0,
				mobile_score: 100,
				mobile_tti: 12.5,
				checked_at: null,
				metrics: null,
			},
		} );
	} );

	it( 'ignores unreadable metrics but keeps the figures', () => {
		const outcome = parseCheckAnswer( {
			...answer,
			metrics: { desktop: { score: 'fast' }, mobile: device },
		} );
		expect( outcome.ok && outcome.result.metrics ).toBeNull();
		expect( outcome.ok && outcome.result.desktop_score ).toBe( 87 );
	} );

	it( 'turns optional metric figures that are not numbers into null', () => {
		const outcome = parseCheckAnswer( {
			...answer,
			metrics: {
				desktop: { score: 87, tti: 2.3, lcp: 'slow', cls: -1 },
				mobile: device,
			},
		} );
		expect( outcome.ok && outcome.result.metrics?.desktop ).toEqual( {
			score: 87,
			tti: 2.3,
			lcp: null,
			cls: null,
			tbt: null,
			field: null,
		} );
	} );

	it( 'reports the server error message', () => {
		expect(
			parseCheckAnswer( {
				error: 'Another speed check is running. Try again when it has finished.',
			} )
		).toEqual( {
			ok: false,
			message:
				'Another speed check is running. Try again when it has finished.',
		} );
	} );

	it( 'gives an error without a usable message a generic message', () => {
		expect( parseCheckAnswer( { error: '' } ) ).toEqual( {
			ok: false,
			message: UNREADABLE,
		} );
		expect( parseCheckAnswer( { error: { code: 500 } } ) ).toEqual( {
			ok: false,
			message: UNREADABLE,
		} );
		// An error wins over figures.
		expect( parseCheckAnswer( { ...answer, error: 'No.' } ) ).toEqual( {
			ok: false,
			message: 'No.',
		} );
	} );

	it.each( [
		[ 'undefined (not JSON)', undefined ],
		[ 'admin-ajax 0', 0 ],
		[ 'admin-ajax -1', -1 ],
		[ 'null', null ],
		[ 'a string', 'ok' ],
		[ 'an array', [ 87, 2.3, 45, 7.9 ] ],
		[ 'an empty object', {} ],
	] )( 'rejects a malformed answer: %s', ( _name, value ) => {
		expect( parseCheckAnswer( value ) ).toEqual( {
			ok: false,
			message: UNREADABLE,
		} );
	} );

	it.each( [ 'desktop_score', 'desktop_tti', 'mobile_score', 'mobile_tti' ] )(
		'rejects an answer without %s',
		( field ) => {
			const { [ field as keyof typeof answer ]: _removed, ...rest } =
				answer;
			expect( parseCheckAnswer( rest ) ).toEqual( {
				ok: false,
				message: UNREADABLE,
			} );
		}
	);

	it.each( [
		[ 'desktop_score', 101 ],
		[ 'desktop_score', -1 ],
		[ 'mobile_score', 87.5 ],
		[ 'mobile_score', '45' ],
		[ 'desktop_tti', -0.1 ],
		[ 'mobile_tti', '7.9' ],
		[ 'mobile_tti', Infinity ],
	] )( 'rejects %s = %p', ( field, value ) => {
		expect( parseCheckAnswer( { ...answer, [ field ]: value } ) ).toEqual( {
			ok: false,
			message: UNREADABLE,
		} );
	} );
} );

describe( 'parseNotifAnswer', () => {
	it( 'reads html and changeLogo', () => {
		expect(
			parseNotifAnswer( { html: '<p>Done.</p>', changeLogo: true } )
		).toEqual( { ok: true, html: '<p>Done.</p>', changeLogo: true } );
		expect( parseNotifAnswer( { html: '', changeLogo: false } ) ).toEqual( {
			ok: true,
			html: '',
			changeLogo: false,
		} );
	} );

	it( 'treats a changeLogo that is not true as false', () => {
		expect( parseNotifAnswer( { html: 'x', changeLogo: 'yes' } ) ).toEqual(
			{
				ok: true,
				html: 'x',
				changeLogo: false,
			}
		);
	} );

	it.each( [
		[ 'an error answer', { error: 'Your session has expired.' } ],
		[ 'no html', { changeLogo: true } ],
		[ 'html not a string', { html: 1, changeLogo: true } ],
		[ 'not an object', 0 ],
		[ 'nothing', undefined ],
	] )( 'fails on %s', ( _name, value ) => {
		expect( parseNotifAnswer( value ) ).toEqual( { ok: false } );
	} );
} );

describe( 'parseSpeedConfig', () => {
	const config = {
		ajaxUrl: 'http://example.test/wp-admin/admin-ajax.php',
		nonce: 'abc123',
		inProgress: true,
		inProgressPostId: 12,
		pollInterval: 30000,
		postId: 7,
		galleryLink: 'https://example.test/gallery',
	};

	it( 'accepts a complete configuration', () => {
		expect( parseSpeedConfig( config ) ).toEqual( config );
	} );

	it( 'fills in defaults for the optional fields', () => {
		expect(
			parseSpeedConfig( { ajaxUrl: config.ajaxUrl, nonce: 'n' } )
		).toEqual( {
			ajaxUrl: config.ajaxUrl,
			nonce: 'n',
			inProgress: false,
			inProgressPostId: 0,
			pollInterval: 30000,
			postId: 0,
			galleryLink: '',
		} );
	} );

	it( 'replaces fields of the wrong type with their defaults', () => {
		expect(
			parseSpeedConfig( {
				...config,
				inProgress: 'true',
				pollInterval: -5,
				postId: '7',
				galleryLink: 'javascript:alert(1)',
			} )
		).toEqual( {
			...config,
			inProgress: false,
			inProgressPostId: 0,
			pollInterval: 30000,
			postId: 0,
			galleryLink: '',
		} );
	} );

	it.each( [
		[ 'missing', undefined ],
		[ 'not an object', 'config' ],
		[ 'without ajaxUrl', { nonce: 'n' } ],
		[ 'with an empty ajaxUrl', { ajaxUrl: '', nonce: 'n' } ],
		[ 'without nonce', { ajaxUrl: config.ajaxUrl } ],
		[ 'with a numeric nonce', { ajaxUrl: config.ajaxUrl, nonce: 5 } ],
	] )( 'rejects a configuration %s', ( _name, value ) => {
		expect( parseSpeedConfig( value ) ).toBeNull();
	} );
} );

describe( 'parseStoredSpeed', () => {
	it( 'reads the _tessera_speed meta', () => {
		expect(
			parseStoredSpeed( {
				checked_at: '2026-11-22T20:00:00+00:00',
				desktop: device,
				mobile: device,
			} )
		).toEqual( {
			checkedAt: '2026-11-22T20:00:00+00:00',
			desktop: device,
			mobile: device,
		} );
	} );

	it.each( [
		[ 'empty string', '' ],
		[ 'empty array', [] ],
		[ 'empty object', {} ],
		[ 'one device only', { desktop: device } ],
		[ 'a device without score', { desktop: device, mobile: { tti: 1 } } ],
	] )( 'has no result for %s', ( _name, value ) => {
		expect( parseStoredSpeed( value ) ).toBeNull();
	} );
} );
