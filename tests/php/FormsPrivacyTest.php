<?php
/**
 * The personal data exporter and eraser of form entries: entries whose values hold the e-mail address exactly are
 * exported (form title, date, every field but passwords) and erased, a page of 20 at a time.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Forms\Entries;
use Tessera\Forms\FormDefinition;
use Tessera\Forms\Privacy;
use Tessera\Forms\Schema;

/**
 * Addresses are unique per test run, so entries other tests (or people) left on the site never match.
 */
final class FormsPrivacyTest extends TestCase {

	/**
	 * Entries made by the test.
	 *
	 * @var list<int>
	 */
	private array $entries = array();

	/**
	 * A unique part of this test's addresses.
	 *
	 * @var string
	 */
	private string $run = '';

	/**
	 * Installs the tables.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		foreach ( array( 'timezone_string', 'gmt_offset', 'date_format', 'time_format' ) as $option ) {
			$this->keep_option( $option );
		}
		Schema::maybe_install();
		$this->run = bin2hex( random_bytes( 6 ) );
	}

	/**
	 * Deletes the test's entries that are left.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->entries as $id ) {
			Entries::delete( $id );
		}
		$this->entries = array();
		parent::tearDown();
	}

	/**
	 * A test address.
	 *
	 * @param string $name Local part prefix.
	 * @return string
	 */
	private function address( string $name ): string {
		return $name . '-' . $this->run . '@example.test';
	}

	/**
	 * A published form with a name, an e-mail, a checkbox and a password field.
	 *
	 * @param string $title Title.
	 * @return int
	 */
	private function form( string $title = 'Contact us' ): int {
		$post = $this->make_post(
			array(
				'post_type'    => FormDefinition::POST_TYPE,
				'post_title'   => $title,
				'post_content' => '<!-- wp:tessera/field {"id":"name","type":"text","label":"Your name"} /-->'
					. '<!-- wp:tessera/field {"id":"email","type":"email","label":"E-mail"} /-->'
					. '<!-- wp:tessera/field {"id":"topics","type":"checkbox","label":"Topics","choices":["Sales","Support"]} /-->'
					. '<!-- wp:tessera/field {"id":"secret","type":"password","label":"Password"} /-->'
					. '<!-- wp:tessera/field {"id":"terms","type":"privacy-policy","label":"I agree"} /-->',
			)
		);
		return $post->ID;
	}

	/**
	 * An entry.
	 *
	 * @param int                                $form_id Form id.
	 * @param array<string, string|list<string>> $values  Values.
	 * @return int
	 */
	private function entry( int $form_id, array $values ): int {
		$stored          = Entries::create( $form_id, bin2hex( random_bytes( 16 ) ), $values );
		$this->entries[] = $stored['id'];
		return $stored['id'];
	}

	/**
	 * The export lists each matching entry with the form's title, the date and every field but the password; other
	 * addresses, partial matches and an empty address find nothing.
	 *
	 * @return void
	 */
	public function test_export_lists_matching_entries(): void {
		update_option( 'timezone_string', 'Europe/Berlin' );
		update_option( 'date_format', 'Y-m-d' );
		update_option( 'time_format', 'H:i' );
		$ann   = $this->address( 'ann' );
		$form  = $this->form();
		$entry = $this->entry(
			$form,
			array(
				'name'    => 'Ann',
				'email'   => $ann,
				'topics'  => array( 'Sales', 'Support' ),
				'secret'  => 'S3cret-pass-xyz',
				'terms'   => '1',
				'removed' => 'kept from an older version of the form',
			)
		);
		$this->entry( $form, array( 'email' => $this->address( 'bob' ) ) );
		$this->entry( $form, array( 'email' => 'x' . $ann ) );
		global $wpdb;
		$wpdb->update( Schema::table( 'entries' ), array( 'created_at' => '2026-07-01 10:30:00' ), array( 'id' => $entry ) ); // phpcs:ignore WordPress.DB -- test data.

		$export = Privacy::export( strtoupper( $ann ) );
		$this->assertTrue( $export['done'] );
		$this->assertCount( 1, $export['data'], 'exact match (case-insensitive), no partial match' );
		$item = $export['data'][0];
		$this->assertSame( Privacy::ID, $item['group_id'] );
		$this->assertSame( 'Form entries', $item['group_label'] );
		$this->assertSame( 'tessera-form-entry-' . $entry, $item['item_id'] );
		$rows = array();
		foreach ( $item['data'] as $pair ) {
			$rows[ $pair['name'] ] = $pair['value'];
		}
		$this->assertSame(
			array(
				'Form'      => 'Contact us',
				'Submitted' => '2026-07-01 12:30',
				'Your name' => 'Ann',
				'E-mail'    => $ann,
				'Topics'    => 'Sales, Support',
				'I agree'   => 'Accepted',
				'removed'   => 'kept from an older version of the form',
			),
			$rows
		);
		$this->assertStringNotContainsString( 'S3cret', (string) wp_json_encode( $export ), 'passwords are never exported' );

		$this->assertSame( array(), Privacy::export( $this->address( 'nobody' ) )['data'] );
		$this->assertTrue( Privacy::export( '' )['done'] );
		$this->assertSame( array(), Privacy::export( '  ' )['data'] );
		$this->assertSame( array(), Privacy::export( '%' )['data'], 'LIKE wildcards are not special' );
	}

	/**
	 * An entry of a form that was deleted is exported with its field ids as labels.
	 *
	 * @return void
	 */
	public function test_export_of_a_deleted_form(): void {
		$ann   = $this->address( 'ann' );
		$entry = $this->entry( 3900000000 + random_int( 1, 99999999 ), array( 'email' => $ann ) );
		$data  = Privacy::export( $ann )['data'];
		$this->assertCount( 1, $data );
		$this->assertSame( 'tessera-form-entry-' . $entry, $data[0]['item_id'] );
		$this->assertSame( '(deleted form)', $data[0]['data'][0]['value'] );
		$this->assertSame( array( 'name' => 'email', 'value' => $ann ), $data[0]['data'][2] );
	}

	/**
	 * Export and erasure are paged by 20: `done` only on the last page; the eraser deletes exactly the matching
	 * entries and reports them.
	 *
	 * @return void
	 */
	public function test_paging_and_erase(): void {
		$ann  = $this->address( 'ann' );
		$bob  = $this->address( 'bob' );
		$form = $this->form();
		for ( $i = 0; $i < Privacy::PER_PAGE + 3; $i++ ) {
			$this->entry( $form, array( 'email' => $ann, 'name' => 'Ann ' . $i ) );
		}
		$keep = $this->entry( $form, array( 'email' => $bob ) );

		$first = Privacy::export( $ann, 1 );
		$this->assertCount( Privacy::PER_PAGE, $first['data'] );
		$this->assertFalse( $first['done'] );
		$second = Privacy::export( $ann, 2 );
		$this->assertCount( 3, $second['data'] );
		$this->assertTrue( $second['done'] );
		$ids = array_merge( array_column( $first['data'], 'item_id' ), array_column( $second['data'], 'item_id' ) );
		$this->assertCount( Privacy::PER_PAGE + 3, array_unique( $ids ), 'no entry on two pages' );

		$erased = Privacy::erase( $ann, 1 );
		$this->assertSame( Privacy::PER_PAGE, $erased['items_removed'] );
		$this->assertSame( 0, $erased['items_retained'] );
		$this->assertFalse( $erased['done'] );
		$this->assertCount( 1, $erased['messages'] );
		$erased = Privacy::erase( $ann, 2 );
		$this->assertSame( 3, $erased['items_removed'] );
		$this->assertTrue( $erased['done'] );
		$erased = Privacy::erase( $ann, 3 );
		$this->assertSame( 0, $erased['items_removed'] );
		$this->assertSame( array(), $erased['messages'] );
		$this->assertTrue( $erased['done'] );

		$this->assertSame( array(), Privacy::export( $ann )['data'] );
		$this->assertNotNull( Entries::get( $keep ), "another address's entry stays" );
		$this->assertSame( 0, Privacy::erase( '' )['items_removed'] );
	}

	/**
	 * Both are registered with core's privacy tools, and the policy text is offered.
	 *
	 * @return void
	 */
	public function test_registered_with_the_privacy_tools(): void {
		$privacy = new Privacy();
		$privacy->register_hooks();
		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$erasers   = apply_filters( 'wp_privacy_personal_data_erasers', array() );
		$this->assertArrayHasKey( Privacy::ID, $exporters );
		$this->assertArrayHasKey( Privacy::ID, $erasers );
		$this->assertSame( array( Privacy::class, 'export' ), $exporters[ Privacy::ID ]['callback'] );
		$this->assertSame( array( Privacy::class, 'erase' ), $erasers[ Privacy::ID ]['callback'] );
		$this->assertSame( 10, has_action( 'admin_init', array( $privacy, 'add_policy_text' ) ) );
		remove_filter( 'wp_privacy_personal_data_exporters', array( $privacy, 'add_exporter' ) );
		remove_filter( 'wp_privacy_personal_data_erasers', array( $privacy, 'add_eraser' ) );
		remove_action( 'admin_init', array( $privacy, 'add_policy_text' ) );
	}
}
