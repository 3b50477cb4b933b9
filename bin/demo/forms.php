<?php
/**
 * Demo content for forms: the page /demo-forms/ with a contact form, a form with every field type of the forms'
 * first part, a multi-step form with conditional logic, and one small form per success-message location. Each
 * form is a `tessera_form` post (found again by its slug, created when missing), embedded with the form block.
 *
 * Include it inside a loaded WordPress as an administrator (`bin/site demo <env>` does). Idempotent.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

( static function (): void {
	if ( ! class_exists( \Tessera\Forms\FormDefinition::class ) || ! post_type_exists( 'tessera_form' ) ) {
		echo "forms demo: the Tessera plugin is not active\n";
		return;
	}

	/**
	 * A field block.
	 *
	 * @param array<string, mixed> $attributes Attributes.
	 * @return string
	 */
	$field = static function ( array $attributes ): string {
		return '<!-- wp:tessera/field ' . wp_json_encode( $attributes, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . " /-->\n";
	};

	/**
	 * Creates (or finds) a form post by slug.
	 *
	 * @param string               $slug     Slug.
	 * @param string               $title    Title.
	 * @param string               $blocks   Field blocks.
	 * @param array<string, mixed> $settings Settings.
	 * @return int
	 */
	$form = static function ( string $slug, string $title, string $blocks, array $settings = array() ): int {
		$existing = get_posts(
			array(
				'post_type'   => 'tessera_form',
				'name'        => $slug,
				'post_status' => 'any',
				'numberposts' => 1,
				'fields'      => 'ids',
			)
		);
		if ( array() !== $existing ) {
			return (int) $existing[0];
		}
		$id = wp_insert_post(
			wp_slash(
				array(
					'post_type'    => 'tessera_form',
					'post_status'  => 'publish',
					'post_name'    => $slug,
					'post_title'   => $title,
					'post_content' => $blocks,
				)
			),
			true
		);
		if ( is_wp_error( $id ) ) {
			echo 'forms demo: ' . esc_html( $id->get_error_message() ) . "\n";
			return 0;
		}
		// The demo's forms send no e-mail (a local site has no mail server); the contact form shows the setting.
		update_post_meta( $id, '_tessera_form_settings', $settings + array( 'notify' => false ) );
		return (int) $id;
	};

	$contact = $form(
		'demo-contact',
		'Contact us',
		$field( array( 'id' => 'name', 'type' => 'text', 'label' => 'Name', 'required' => true, 'placeholder' => 'Ada Lovelace' ) )
		. $field( array( 'id' => 'email', 'type' => 'email', 'label' => 'E-mail', 'required' => true, 'description' => 'We answer within two working days.' ) )
		. $field( array( 'id' => 'subject', 'type' => 'text', 'label' => 'Subject' ) )
		. $field( array( 'id' => 'message', 'type' => 'textarea', 'label' => 'Message', 'required' => true, 'minWords' => 3 ) ),
		array(
			'successMessage' => 'Thank you! Your message has been sent.',
			'pdfDownload'    => true,
		)
	);

	$every = $form(
		'demo-every-field',
		'Every field',
		$field( array( 'id' => 'text', 'type' => 'text', 'label' => 'Single line text', 'required' => true, 'requiredMessage' => 'Please tell us something here.', 'minChars' => 2 ) )
		. $field( array( 'id' => 'paragraph', 'type' => 'textarea', 'label' => 'Paragraph text', 'description' => 'At least three words.', 'minWords' => 3 ) )
		. $field( array( 'id' => 'email', 'type' => 'email', 'label' => 'E-mail', 'required' => true, 'confirm' => true ) )
		. $field( array( 'id' => 'password', 'type' => 'password', 'label' => 'Password', 'confirm' => true, 'minChars' => 8 ) )
		. $field( array( 'id' => 'website', 'type' => 'url', 'label' => 'Website', 'placeholder' => 'example.org' ) )
		. $field( array( 'id' => 'guests', 'type' => 'number', 'label' => 'Guests', 'min' => 1, 'max' => 10, 'step' => 1 ) )
		. $field( array( 'id' => 'phone', 'type' => 'phone', 'label' => 'Phone' ) )
		. $field( array( 'id' => 'size', 'type' => 'select', 'label' => 'T-shirt size', 'choices' => array( 'Small', 'Medium', 'Large' ) ) )
		. $field( array( 'id' => 'meal', 'type' => 'radio', 'label' => 'Meal', 'required' => true, 'choices' => array( 'Fish', 'Meat', 'Vegetarian' ) ) )
		. $field( array( 'id' => 'topics', 'type' => 'checkbox', 'label' => 'Topics (two at most)', 'choices' => array( 'Design', 'Code', 'Writing', 'Talks' ), 'choiceLimit' => 2, 'selectAll' => false ) )
		. $field( array( 'id' => 'extras', 'type' => 'checkbox', 'label' => 'Extras', 'choices' => array( 'Parking', 'Lunch', 'Dinner' ), 'selectAll' => true ) )
		. $field( array( 'id' => 'privacy', 'type' => 'privacy-policy', 'label' => 'I agree to the processing of my data as described in the privacy policy.', 'required' => true ) )
		. $field( array( 'id' => 'source', 'type' => 'hidden', 'defaultValue' => 'demo-page' ) ),
		array( 'submitLabel' => 'Send everything' )
	);

	$steps = $form(
		'demo-multi-step',
		'Book a call',
		$field( array( 'id' => 'name', 'type' => 'text', 'label' => 'Name', 'required' => true ) )
		. $field( array( 'id' => 'reach', 'type' => 'radio', 'label' => 'How should we reach you?', 'required' => true, 'choices' => array( 'E-mail', 'Phone' ) ) )
		. $field(
			array(
				'id'         => 'email',
				'type'       => 'email',
				'label'      => 'E-mail',
				'required'   => true,
				'conditions' => array(
					'action' => 'show',
					'match'  => 'all',
					'rules'  => array( array( 'field' => 'reach', 'operator' => 'is', 'value' => 'E-mail' ) ),
				),
			)
		)
		. $field(
			array(
				'id'         => 'phone',
				'type'       => 'phone',
				'label'      => 'Phone',
				'required'   => true,
				'conditions' => array(
					'action' => 'show',
					'match'  => 'all',
					'rules'  => array( array( 'field' => 'reach', 'operator' => 'is', 'value' => 'Phone' ) ),
				),
			)
		)
		. '<!-- wp:tessera/form-step {"title":"Your question"} /-->' . "\n"
		. $field( array( 'id' => 'question', 'type' => 'textarea', 'label' => 'What would you like to talk about?', 'required' => true ) )
		. $field( array( 'id' => 'privacy', 'type' => 'privacy-policy', 'label' => 'I agree to be contacted about my question.', 'required' => true ) ),
		array( 'successMessage' => 'Booked. We will get back to you.' )
	);

	$locations = array();
	foreach ( array( 'top', 'bottom', 'hide', 'popup' ) as $location ) {
		$locations[ $location ] = $form(
			'demo-message-' . $location,
			'Message at: ' . $location,
			$field( array( 'id' => 'email', 'type' => 'email', 'label' => 'E-mail', 'required' => true ) ),
			array(
				'messageLocation' => $location,
				'successMessage'  => 'Subscribed (message location: ' . $location . ').',
				'submitLabel'     => 'Subscribe',
				'minFillSeconds'  => 0,
			)
		);
	}

	$block   = static fn ( int $id ): string => '<!-- wp:tessera/form ' . wp_json_encode( array( 'ref' => $id ) ) . " /-->\n";
	$content = "<!-- wp:paragraph -->\n<p>Forms built from native blocks: they work without JavaScript, validate in the browser and on the server with the same rules, and store every entry (see Forms → Entries in the admin).</p>\n<!-- /wp:paragraph -->\n"
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Contact form</h2>\n<!-- /wp:heading -->\n" . $block( $contact )
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Every field</h2>\n<!-- /wp:heading -->\n" . $block( $every )
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Multi-step with conditional logic</h2>\n<!-- /wp:heading -->\n" . $block( $steps );
	foreach ( $locations as $location => $id ) {
		$content .= "<!-- wp:heading {\"level\":3} -->\n<h3 class=\"wp-block-heading\">Success message: " . $location . "</h3>\n<!-- /wp:heading -->\n" . $block( $id );
	}
	/**
	 * Writes a demo page, again when its content changed (an uninstall test deletes every form, so the forms and
	 * the blocks that point to them are created again).
	 *
	 * @param string $slug    Slug.
	 * @param string $title   Title.
	 * @param string $content Block markup.
	 * @return void
	 */
	$page = static function ( string $slug, string $title, string $content ): void {
		$existing = get_page_by_path( $slug );
		if ( null !== $existing && $existing->post_content === $content ) {
			return;
		}
		$id = wp_insert_post(
			wp_slash(
				array(
					'ID'           => null === $existing ? 0 : $existing->ID,
					'post_type'    => 'page',
					'post_status'  => 'publish',
					'post_name'    => $slug,
					'post_title'   => $title,
					'post_content' => $content,
				)
			),
			true
		);
		if ( is_wp_error( $id ) ) {
			echo 'forms demo: ' . esc_html( $id->get_error_message() ) . "\n";
			return;
		}
		update_post_meta( (int) $id, '_tessera_demo', 'forms' );
		echo 'forms demo: /' . esc_html( $slug ) . "/\n";
	};

	$page( 'demo-forms', 'Demo: forms', $content );
	// A page with the contact form alone, as a site's contact page is: the form page of bin/bench-forms.mjs.
	$page(
		'demo-contact',
		'Demo: contact',
		"<!-- wp:paragraph -->\n<p>Questions, ideas or a quote: write to us and we answer within a working day.</p>\n<!-- /wp:paragraph -->\n" . $block( $contact )
	);
} )();
