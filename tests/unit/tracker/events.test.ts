/**
 * Tracker: custom events (`window.tessera.track`) and link or download events
 * (docs/stats.md, The tracker, points 6 and 7).
 */

/**
 * External dependencies
 */
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

/**
 * Internal dependencies
 */
import type { ConsentApi } from '../../../src/runtime/consent/types';
import {
	flush,
	load,
	printConfig,
	run,
	sent,
	setProp,
	setUp,
	tearDown,
	track,
	withConfig,
	type Overrides,
	type Sent,
} from './harness';

const EVENT_URL =
	'https://example.test/wp-admin/admin-ajax.php?action=tessera_stats_event';
const NOW = 1767225600000;

beforeEach( () => {
	setUp();
	jest.useFakeTimers( { now: NOW } );
} );
afterEach( tearDown );

/**
 * Ways the tracker does not run: each loads it and expects its message.
 */
const notRunning: Array< [ string, () => void ] > = [
	[ 'preview', () => run( { option: { isPreview: true } } ) ],
	[
		'Do Not Track',
		() => {
			setProp( navigator, 'doNotTrack', '1' );
			run();
			expect( console ).toHaveWarnedWith( 'Tessera stats: Do Not Track' );
		},
	],
	[
		'no configuration',
		() => {
			load();
			expect( console ).toHaveWarnedWith(
				'Tessera stats: no configuration'
			);
		},
	],
];

/** The requests that are not the hit. */
const events = (): Sent[] =>
	sent.filter( ( s ) => s.fields.endpoint === undefined );

describe( 'custom events', () => {
	it( 'POSTs the name and the data with timestamp and resource_id', async () => {
		run();
		await flush();
		track()( 'signup', { plan: 'pro', seats: 3 } );
		await flush();
		expect( events() ).toHaveLength( 1 );
		const [ event ] = events();
		expect( event!.url ).toBe(
			'https://example.test/wp-admin/admin-ajax.php?action=tessera_stats_custom_event'
		);
		expect( event!.method ).toBe( 'POST' );
		expect( event!.keepalive ).toBe( true );
		expect( event!.fields.event_name ).toBe( 'signup' );
		expect( JSON.parse( event!.fields.event_data! ) ).toEqual( {
			plan: 'pro',
			seats: 3,
			timestamp: NOW,
			resource_id: 12,
		} );
	} );

	it( 'adds track to window.tessera without replacing it', async () => {
		const api = { activeLaw: 'gdpr' } as unknown as ConsentApi;
		window.tessera = { consent: api };
		const before = window.tessera;
		run();
		await flush();
		expect( window.tessera ).toBe( before );
		expect( window.tessera.consent ).toBe( api );
		expect( typeof track() ).toBe( 'function' );
	} );

	it( 'throws without customEventAjaxUrl', async () => {
		run( { customEventAjaxUrl: '' } );
		await flush();
		expect( () => track()( 'signup' ) ).toThrow(
			new Error( 'Tessera stats: AJAX URL is not defined' )
		);
		expect( events() ).toHaveLength( 0 );
	} );

	it.each( notRunning )(
		'sends nothing while the tracker does not run (%s)',
		async ( _label, start ) => {
			start();
			await flush();
			track()( 'signup' );
			await flush();
			expect( sent ).toHaveLength( 0 );
		}
	);
} );

/**
 * Prints a link and clicks it (or an element inside it).
 *
 * @param html   The link's markup.
 * @param button Mouse button.
 */
const click = ( html: string, button = 0 ): void => {
	document.body.innerHTML = html;
	const target =
		document.querySelector( '[data-target]' ) ??
		document.querySelector( 'a' )!;
	target.addEventListener( 'click', ( e ) => e.preventDefault() );
	target.dispatchEvent(
		new MouseEvent( 'click', { bubbles: true, cancelable: true, button } )
	);
};

/**
 * Runs the tracker and clicks a link.
 *
 * @param html      The link's markup.
 * @param overrides Configuration overrides.
 * @param button    Mouse button.
 * @return The events sent.
 */
const clickAfterStart = async (
	html: string,
	overrides: Overrides = {},
	button = 0
): Promise< Sent[] > => {
	run( overrides );
	await flush();
	click( html, button );
	await flush();
	return events();
};

describe( 'link and download events', () => {
	it( 'sends a download by extension, with keepalive and exactly its fields', async () => {
		const [ event, ...rest ] = await clickAfterStart(
			'<a id="dl" class="button big" href="/files/Annual-Report.2024.pdf">  Annual report  </a>'
		);
		expect( rest ).toHaveLength( 0 );
		expect( event!.url ).toBe( EVENT_URL );
		expect( event!.method ).toBe( 'POST' );
		expect( event!.keepalive ).toBe( true );
		// fn, fx, m, wcdl, df and dk are derived from tu by the server.
		expect( event!.fields ).toEqual( {
			en: 'file_download',
			et: String( NOW ),
			eid: 'dl',
			ec: 'button big',
			ev: '  Annual report  ',
			mb: '0',
			tu: 'http://localhost/files/Annual-Report.2024.pdf',
			pid: '12',
		} );
	} );

	it( 'sends an upper-case extension (.PDF) as a download', async () => {
		const [ event, ...rest ] = await clickAfterStart(
			'<a href="/files/REPORT.PDF">Report</a>'
		);
		expect( rest ).toHaveLength( 0 );
		expect( event!.fields ).toMatchObject( {
			en: 'file_download',
			tu: 'http://localhost/files/REPORT.PDF',
		} );
	} );

	it( 'sends a download by the download_file parameter', async () => {
		const [ event, ...rest ] = await clickAfterStart(
			'<a href="/shop/?download_file=77&order=wc_order_1&key=abc123">Get it</a>'
		);
		expect( rest ).toHaveLength( 0 );
		expect( event!.fields ).toEqual( {
			en: 'file_download',
			et: String( NOW ),
			eid: '',
			ec: '',
			ev: 'Get it',
			mb: '0',
			tu: 'http://localhost/shop/?download_file=77&order=wc_order_1&key=abc123',
			pid: '12',
		} );
	} );

	it( 'sends a download_file parameter that is not the first one', async () => {
		const [ event ] = await clickAfterStart(
			'<a href="/shop/?order=wc_order_1&download_file=77">Get it</a>'
		);
		expect( event!.fields.en ).toBe( 'file_download' );
	} );

	it.each( [
		[ 'only in the query', '/page?file=a.pdf' ],
		[ 'only in the fragment', '/page#a.pdf' ],
		[ 'not at the end of the path', '/files/a.pdf/view' ],
		[ 'longer than the listed one', '/files/a.pdfx' ],
		[ 'without a dot', '/files/pdf' ],
		[ 'not in the list', '/files/notes.txt' ],
	] )( 'ignores an extension %s (same host)', async ( _label, href ) => {
		expect(
			await clickAfterStart( `<a href="${ href }">File</a>` )
		).toHaveLength( 0 );
	} );

	it( 'sends a link on another host with the extension only in the query as a click', async () => {
		const [ event, ...rest ] = await clickAfterStart(
			'<a href="https://other.example/page?file=a.pdf">File</a>'
		);
		expect( rest ).toHaveLength( 0 );
		expect( event!.fields.en ).toBe( 'click' );
	} );

	it( 'sends an outbound link as a click, with exactly its fields', async () => {
		const [ event, ...rest ] = await clickAfterStart(
			'<a href="https://other.example/page.html?a=1"><span data-target>Other</span> site</a>'
		);
		expect( rest ).toHaveLength( 0 );
		expect( event!.url ).toBe( EVENT_URL );
		expect( event!.keepalive ).toBe( true );
		expect( event!.fields ).toEqual( {
			en: 'click',
			et: String( NOW ),
			eid: '',
			ec: '',
			ev: 'Other site',
			mb: '0',
			tu: 'https://other.example/page.html?a=1',
			pid: '12',
		} );
	} );

	it( 'sends a download on another host as a download', async () => {
		const [ event ] = await clickAfterStart(
			'<a href="https://cdn.example/a/b/song.mp3">Song</a>'
		);
		expect( event!.fields ).toMatchObject( {
			en: 'file_download',
			tu: 'https://cdn.example/a/b/song.mp3',
		} );
	} );

	it( 'sends the link text uncut (the server cuts it)', async () => {
		const [ event ] = await clickAfterStart(
			`<a href="https://other.example/">${ 'x'.repeat( 150 ) }</a>`
		);
		expect( event!.fields.ev ).toBe( 'x'.repeat( 150 ) );
	} );

	it.each( [
		[ 'a link to the same host', '<a href="/about/">About</a>' ],
		[
			'an absolute link to the same host',
			'<a href="http://localhost/contact/">Contact</a>',
		],
		[ 'a click outside a link', '<p><span data-target>Text</span></p>' ],
		[ 'a link without href', '<a name="top">Top</a>' ],
	] )( 'ignores %s', async ( _label, html ) => {
		expect( await clickAfterStart( html ) ).toHaveLength( 0 );
	} );

	it.each( [
		[ 1, '<a href="https://other.example/">Other</a>' ],
		[ 2, '<a href="https://other.example/">Other</a>' ],
		[ 1, '<a href="/files/a.pdf">A</a>' ],
	] )( 'ignores mouse button %d (%s)', async ( button, html ) => {
		expect( await clickAfterStart( html, {}, button ) ).toHaveLength( 0 );
	} );

	it( 'ignores outbound links when linkTracker is off', async () => {
		expect(
			await clickAfterStart(
				'<a href="https://other.example/">Other</a>',
				{
					option: { linkTracker: false },
				}
			)
		).toHaveLength( 0 );
	} );

	it.each( [
		'mailto:ann@example.test',
		'tel:+15551234',
		'javascript:void(0)',
	] )(
		'ignores a %s link (no host: not a link to another site)',
		async ( href ) => {
			expect(
				await clickAfterStart( `<a href="${ href }">Contact</a>` )
			).toHaveLength( 0 );
		}
	);

	it( 'ignores downloads when downloadTracker is off', async () => {
		expect(
			await clickAfterStart(
				'<a href="/files/a.pdf?download_file=1">A</a>',
				{
					option: { downloadTracker: false },
				}
			)
		).toHaveLength( 0 );
	} );

	it( 'sends a file on another host as a link when downloadTracker is off', async () => {
		const [ event, ...rest ] = await clickAfterStart(
			'<a href="https://other.example/a.pdf">A</a>',
			{ option: { downloadTracker: false } }
		);
		expect( rest ).toHaveLength( 0 );
		expect( event!.fields ).toMatchObject( {
			en: 'click',
			tu: 'https://other.example/a.pdf',
		} );
	} );

	it.each( notRunning )(
		'sends nothing while the tracker does not run (%s)',
		async ( _label, start ) => {
			start();
			await flush();
			click( '<a href="https://other.example/a.pdf">Other</a>' );
			await flush();
			expect( sent ).toHaveLength( 0 );
		}
	);

	it( 'sends nothing after a navigation to a page that is not tracked', async () => {
		run();
		await flush();
		printConfig( withConfig( { option: { isPreview: true } } ) );
		history.pushState( null, '', '/preview/' );
		await flush();
		click( '<a href="https://other.example/">Other</a>' );
		track()( 'signup' );
		await flush();
		expect( events() ).toHaveLength( 0 );
	} );

	it( 'throws inside the listener without eventAjaxUrl', async () => {
		const errors: unknown[] = [];
		const onError = ( e: ErrorEvent ) => {
			errors.push( e.error );
			e.preventDefault();
		};
		window.addEventListener( 'error', onError );
		await clickAfterStart( '<a href="https://other.example/">Other</a>', {
			eventAjaxUrl: '',
		} );
		window.removeEventListener( 'error', onError );
		expect( errors ).toEqual( [
			new Error( 'Tessera stats: AJAX URL is not defined' ),
		] );
		expect( events() ).toHaveLength( 0 );
	} );
} );
