<?php
/**
 * Tessera → Proxies (`admin.php?page=tessera-proxies`): the one trusted-proxy setting (docs/deployment.md, "Proxies"). The site owner lists
 * the proxies in front of WordPress (a CDN, a load balancer, a local nginx or Varnish), so that every feature's
 * ClientAddress reads the visitor's address instead of the proxy's.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Http;

use Tessera\Admin\Menu;

/**
 * A classic settings screen (the Settings API checks the nonce and `manage_options`): preset checkboxes, a list
 * of addresses and CIDR ranges, and what this site sees of the request that shows the screen.
 */
final class TrustedProxies {

	/**
	 * Settings group (the form's `option_page`) and errors' setting name.
	 */
	public const OPTION_GROUP = 'tessera_proxies';

	/**
	 * The screen's slug.
	 */
	public const PAGE = 'tessera-proxies';

	/**
	 * At most this many addresses and ranges.
	 */
	public const MAX_ADDRESSES = 500;

	/**
	 * Hooks the screen and the setting.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'admin_init', array( self::class, 'register_setting' ) );
		add_action( 'admin_menu', array( $this, 'add_page' ) );
	}

	/**
	 * Registers the option with its sanitiser (not autoloaded: the forms, the consent log and WordPress-loaded
	 * collector requests read it on demand; collect.php's direct mode reads it with its other options).
	 *
	 * @return void
	 */
	public static function register_setting(): void {
		register_setting(
			self::OPTION_GROUP,
			ClientAddress::OPTION,
			array(
				'type'              => 'object',
				'sanitize_callback' => array( self::class, 'sanitize' ),
				'default'           => array(),
				'show_in_rest'      => false,
			)
		);
	}

	/**
	 * Adds Tessera → Proxies.
	 *
	 * @return void
	 */
	public function add_page(): void {
		Menu::submenu(
			__( 'Tessera: proxies and client addresses', 'tessera' ),
			__( 'Proxies', 'tessera' ),
			'manage_options',
			self::PAGE,
			array( $this, 'render' ),
			4
		);
	}

	/**
	 * The stored shape from the form's fields, or — when a line is not an address or range — the stored value
	 * unchanged and an error naming the line (nothing is saved).
	 *
	 * @param mixed $input `presets[]` and `addresses` (text, one per line; an array on WordPress's second pass).
	 * @return array{presets: string[], addresses: string[]}
	 */
	public static function sanitize( $input ): array {
		$input   = is_array( $input ) ? $input : array();
		$presets = isset( $input['presets'] ) && is_array( $input['presets'] ) ? array_map( 'strval', array_filter( $input['presets'], 'is_scalar' ) ) : array();
		$lines   = $input['addresses'] ?? array();
		$lines   = is_string( $lines ) ? preg_split( '/\r\n|\r|\n/', $lines ) : ( is_array( $lines ) ? $lines : array() );
		$list    = array();
		foreach ( (array) $lines as $line ) {
			$line = is_string( $line ) ? trim( $line ) : '';
			if ( '' === $line ) {
				continue;
			}
			if ( ! ClientAddress::is_range( $line ) ) {
				add_settings_error(
					self::OPTION_GROUP,
					'tessera_proxies_invalid',
					sprintf(
						/* translators: %s: the refused line. */
						__( '“%s” is not an IP address or a CIDR range (for example 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32). Nothing was saved.', 'tessera' ),
						esc_html( $line ) // settings_errors() prints messages as HTML.
					)
				);
				return ClientAddress::stored( get_option( ClientAddress::OPTION, array() ) );
			}
			$list[] = strtolower( $line );
		}
		$list = array_values( array_unique( $list ) );
		if ( count( $list ) > self::MAX_ADDRESSES ) {
			add_settings_error(
				self::OPTION_GROUP,
				'tessera_proxies_too_many',
				/* translators: %d: the maximum. */
				sprintf( __( 'At most %d addresses and ranges can be listed. Nothing was saved.', 'tessera' ), self::MAX_ADDRESSES )
			);
			return ClientAddress::stored( get_option( ClientAddress::OPTION, array() ) );
		}
		return ClientAddress::stored(
			array(
				'presets'   => $presets,
				'addresses' => $list,
			)
		);
	}

	/**
	 * The screen.
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$stored  = ClientAddress::stored( get_option( ClientAddress::OPTION, array() ) );
		$server  = wp_unslash( $_SERVER );
		$remote  = isset( $server['REMOTE_ADDR'] ) && is_string( $server['REMOTE_ADDR'] ) ? $server['REMOTE_ADDR'] : '';
		$hops    = ClientAddress::hops( $server );
		$client  = ClientAddress::current();
		$labels  = array(
			'cloudflare' => __( 'Cloudflare (its published address ranges)', 'tessera' ),
			'local'      => __( 'A reverse proxy or page cache on this server (127.0.0.0/8, ::1)', 'tessera' ),
			'private'    => __( 'A load balancer in a private network (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7)', 'tessera' ),
		);
		$trusted = ClientAddress::trusted();
		?>
		<div class="wrap">
			<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
			<?php
			// Under Settings, core showed the saved notice and the errors; under the Tessera menu the screen does.
			settings_errors();
			?>
			<p><?php esc_html_e( 'Tessera limits form submissions and consent records per visitor address and counts statistics per visitor. Behind a CDN, a load balancer or a page cache, every request seems to come from that proxy; list the proxies here and Tessera reads the visitor’s address from the X-Forwarded-For or Forwarded header they add. Headers from any other address are ignored: list only proxies you run or pay for.', 'tessera' ); ?></p>
			<h2><?php esc_html_e( 'This request', 'tessera' ); ?></h2>
			<table class="widefat striped" style="max-width:48rem">
				<tbody>
					<tr><th scope="row"><?php esc_html_e( 'Connected from (REMOTE_ADDR)', 'tessera' ); ?></th><td><code><?php echo esc_html( $remote ); ?></code></td></tr>
					<tr><th scope="row"><?php esc_html_e( 'Forwarded chain', 'tessera' ); ?></th><td><code><?php echo esc_html( array() === $hops ? '—' : implode( ', ', $hops ) ); ?></code></td></tr>
					<tr><th scope="row"><?php esc_html_e( 'Your address as Tessera reads it', 'tessera' ); ?></th><td><code><?php echo esc_html( $client ); ?></code></td></tr>
				</tbody>
			</table>
			<?php if ( array() !== $hops && $client === $remote ) : ?>
				<div class="notice notice-warning inline"><p><?php esc_html_e( 'This request came through a proxy that is not trusted: every visitor behind it is counted as one address. If you run that proxy, trust it below.', 'tessera' ); ?></p></div>
			<?php endif; ?>
			<form method="post" action="options.php">
				<?php settings_fields( self::OPTION_GROUP ); ?>
				<fieldset>
					<legend><h2><?php esc_html_e( 'Trusted proxies', 'tessera' ); ?></h2></legend>
					<?php foreach ( $labels as $preset => $label ) : ?>
						<p>
							<label>
								<input type="checkbox" name="<?php echo esc_attr( ClientAddress::OPTION ); ?>[presets][]" value="<?php echo esc_attr( $preset ); ?>" <?php checked( in_array( $preset, $stored['presets'], true ) ); ?> />
								<?php echo esc_html( $label ); ?>
							</label>
						</p>
					<?php endforeach; ?>
				</fieldset>
				<p>
					<label for="tessera-proxies-addresses"><strong><?php esc_html_e( 'More proxies: addresses and CIDR ranges, one per line', 'tessera' ); ?></strong></label><br />
					<textarea id="tessera-proxies-addresses" name="<?php echo esc_attr( ClientAddress::OPTION ); ?>[addresses]" rows="6" cols="50" class="large-text code" aria-describedby="tessera-proxies-help" spellcheck="false"><?php echo esc_textarea( implode( "\n", $stored['addresses'] ) ); ?></textarea>
					<span id="tessera-proxies-help" class="description"><?php esc_html_e( 'For example 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32.', 'tessera' ); ?>
					<?php
					if ( defined( ClientAddress::CONSTANT ) ) {
						esc_html_e( 'wp-config.php adds more with TESSERA_TRUSTED_PROXIES.', 'tessera' );
					}
					?>
					</span>
				</p>
				<p class="description">
					<?php
					/* translators: %d: how many addresses and ranges are trusted now. */
					echo esc_html( sprintf( _n( '%d address or range is trusted now.', '%d addresses and ranges are trusted now.', count( $trusted ), 'tessera' ), count( $trusted ) ) );
					?>
				</p>
				<?php submit_button(); ?>
			</form>
		</div>
		<?php
	}
}
