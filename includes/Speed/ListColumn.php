<?php
/**
 * The "Speed score" column of the posts and pages lists.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Speed;

use Tessera\Html;
use WP_Post;

/**
 * Adds the column `tessera_speed` for administrators and renders one cell per row (docs/speed.md,
 * "Markup the server renders"). The TypeScript enhances the cells; without it they still show the state.
 */
final class ListColumn {

	/**
	 * Column name.
	 */
	public const COLUMN = 'tessera_speed';

	/**
	 * The reload icon of a failed check (Dashicons "update", GPL-2.0-or-later), as the script draws it.
	 */
	private const RELOAD_ICON = '<svg viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="M10.2 3.28c3.53 0 6.43 2.61 6.92 6h2.08l-3.5 4-3.5-4h2.32c-.45-1.97-2.21-3.45-4.32-3.45-1.45 0-2.73.71-3.54 1.78L4.95 5.66C6.23 4.2 8.11 3.28 10.2 3.28zm-.4 13.44c-3.52 0-6.43-2.61-6.92-6H.8l3.5-4c1.17 1.33 2.33 2.67 3.5 4H5.48c.45 1.97 2.21 3.45 4.32 3.45 1.45 0 2.73-.71 3.54-1.78l1.71 1.95c-1.28 1.46-3.15 2.38-5.25 2.38z"/></svg>';

	/**
	 * Storage.
	 *
	 * @var SpeedStore
	 */
	private SpeedStore $store;

	/**
	 * The running check, read once per list (false = not read yet).
	 *
	 * @var array{post_id: int, started: int}|null|false
	 */
	private array|null|false $lock = false;

	/**
	 * Creates the column.
	 *
	 * @param SpeedStore $store Storage.
	 */
	public function __construct( SpeedStore $store ) {
		$this->store = $store;
	}

	/**
	 * Hooks the column for every checked post type (admin_init also runs for quick edit's admin-ajax,
	 * so an edited row keeps its cell).
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'admin_init', array( $this, 'hook_post_types' ) );
	}

	/**
	 * Adds the column filters of the checked post types.
	 *
	 * @return void
	 */
	public function hook_post_types(): void {
		foreach ( SpeedCheck::post_types() as $post_type ) {
			add_filter( "manage_{$post_type}_posts_columns", array( $this, 'add_column' ) );
			add_action( "manage_{$post_type}_posts_custom_column", array( $this, 'render_column' ), 10, 2 );
		}
	}

	/**
	 * Adds "Speed score" before the date column (administrators only).
	 *
	 * @param array<string, string> $columns Column name => header.
	 * @return array<string, string>
	 */
	public function add_column( array $columns ): array {
		if ( ! Speed::user_can() ) {
			return $columns;
		}
		$header = __( 'Speed score', 'tessera' );
		if ( ! isset( $columns['date'] ) ) {
			$columns[ self::COLUMN ] = $header;
			return $columns;
		}
		$result = array();
		foreach ( $columns as $name => $label ) {
			if ( 'date' === $name ) {
				$result[ self::COLUMN ] = $header;
			}
			$result[ $name ] = $label;
		}
		return $result;
	}

	/**
	 * Prints the cell of the column.
	 *
	 * @param string     $column  Column name.
	 * @param int|string $post_id Post ID.
	 * @return void
	 */
	public function render_column( $column, $post_id ): void {
		if ( self::COLUMN !== $column || ! Speed::user_can() ) {
			return;
		}
		$post = get_post( (int) $post_id );
		if ( ! $post instanceof WP_Post ) {
			return;
		}
		echo $this->cell( $post ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- every part is escaped where it is built.
	}

	/**
	 * Forgets the lock state read for this list (for a new render pass).
	 *
	 * @return void
	 */
	public function reset(): void {
		$this->lock = false;
	}

	/**
	 * The running check (read once per list).
	 *
	 * @return array{post_id: int, started: int}|null
	 */
	private function lock(): ?array {
		if ( false === $this->lock ) {
			$this->lock = $this->store->current_lock();
		}
		return $this->lock;
	}

	/**
	 * The state of a post's cell.
	 *
	 * @param int $post_id Post ID.
	 * @return string `checking`, `failed`, `optimized` or `not-optimized`.
	 */
	public function state( int $post_id ): string {
		$lock = $this->lock();
		if ( null !== $lock && $lock['post_id'] === $post_id ) {
			return 'checking';
		}
		if ( null !== $this->store->get_error( $post_id ) ) {
			return 'failed';
		}
		return null !== $this->store->get_result( $post_id ) ? 'optimized' : 'not-optimized';
	}

	/**
	 * The whole cell.
	 *
	 * @param WP_Post $post Post.
	 * @return string HTML.
	 */
	public function cell( WP_Post $post ): string {
		$post_id   = (int) $post->ID;
		$state     = $this->state( $post_id );
		$lock      = $this->lock();
		$blocked   = null !== $lock && $lock['post_id'] !== $post_id;
		$checkable = SpeedCheck::is_checkable( $post );
		$result    = $this->store->get_result( $post_id );

		switch ( $state ) {
			case 'checking':
				$inner = '';
				break;
			case 'failed':
				$inner = $this->failed( $post_id, $result, $checkable, $blocked );
				break;
			case 'optimized':
				$inner = null === $result ? '' : $this->optimized( $post_id, $result, $checkable, $blocked );
				break;
			default:
				$inner = $checkable ? self::check_button( __( 'Check score', 'tessera' ), $blocked ) : '';
		}

		if ( ! $checkable && 'checking' !== $state ) {
			$inner .= Html::element( 'p', array( 'class' => 'tessera-speed__note' ), esc_html__( 'Publish to check the speed.', 'tessera' ) );
		}
		// The "another check is running" container comes first: the stylesheet hides the containers after it.
		if ( $blocked && $checkable ) {
			$inner = Html::element( 'div', array( 'class' => 'tessera-speed__disabled' ), esc_html__( 'Another check is running.', 'tessera' ) ) . $inner;
		}
		$inner .= self::progress( 'checking' === $state );

		return Html::element(
			'div',
			array(
				'class'        => 'tessera-speed',
				'data-post_id' => (string) $post_id,
				'data-state'   => $state,
			),
			$inner
		);
	}

	/**
	 * The spinner (while this post is checked) and the visually hidden polite live region, which says
	 * "Checking…" then and is where the script announces the outcome.
	 *
	 * @param bool $checking Whether this post is being checked.
	 * @return string
	 */
	public static function progress( bool $checking ): string {
		return ( $checking ? '<span class="tessera-speed__spinner" aria-hidden="true"></span>' : '' )
			. Html::element(
				'div',
				array(
					'class'     => 'tessera-speed__status screen-reader-text',
					'aria-live' => 'polite',
				),
				$checking ? esc_html__( 'Checking…', 'tessera' ) : ''
			);
	}

	/**
	 * A check button ("Check score" or "Check again").
	 *
	 * @param string $label    Button text.
	 * @param bool   $disabled Whether another check runs.
	 * @param string $style    `button` (a button) or `button-link` (a link-like button in a container).
	 * @return string
	 */
	private static function check_button( string $label, bool $disabled, string $style = 'button' ): string {
		return Html::element(
			'button',
			array(
				'type'     => 'button',
				'class'    => $style . ' tessera-speed__check',
				'disabled' => $disabled,
			),
			esc_html( $label )
		);
	}

	/**
	 * The optimized state: both circles with their load time, the date, and the details container.
	 *
	 * @param int                  $post_id   Post ID.
	 * @param array<string, mixed> $result    Stored result.
	 * @param bool                 $checkable Whether the post can be checked again.
	 * @param bool                 $blocked   Whether another check runs.
	 * @return string
	 */
	private function optimized( int $post_id, array $result, bool $checkable, bool $blocked ): string {
		$devices = '';
		foreach ( array( 'desktop', 'mobile' ) as $device ) {
			$figures  = $result[ $device ];
			$devices .= Html::element(
				'div',
				array( 'class' => 'tessera-speed__device tessera-speed__device--' . $device ),
				ScoreCircle::render( $device, (int) $figures['score'], (float) $figures['tti'], $post_id )
				. Html::element(
					'span',
					array(
						'class'       => 'tessera-speed__label',
						'aria-hidden' => 'true',
					),
					esc_html( self::device_name( $device ) )
				)
				. Html::element(
					'span',
					array(
						'class'       => 'tessera-speed__tti',
						'aria-hidden' => 'true',
					),
					esc_html(
						sprintf(
							/* translators: %s: load time (time to interactive) in seconds, e.g. 1.2. */
							__( 'Load time %s s', 'tessera' ),
							number_format_i18n( (float) $figures['tti'], 1 )
						)
					)
				)
			);
		}

		$details = self::metrics_table( $result ) . self::field_table( $result );
		if ( $checkable ) {
			$details .= self::check_button( __( 'Check again', 'tessera' ), $blocked, 'button-link' );
		}

		return Html::element( 'div', array( 'class' => 'tessera-speed__scores' ), $devices )
			. self::checked_line( (string) $result['checked_at'] )
			. Html::element( 'div', array( 'class' => 'tessera-speed__details' ), $details );
	}

	/**
	 * The failed state: the reload icon and the container with the message and "Dismiss".
	 *
	 * @param int                       $post_id   Post ID.
	 * @param array<string, mixed>|null $result    The earlier result that is kept, if any.
	 * @param bool                      $checkable Whether the post can be checked again.
	 * @param bool                      $blocked   Whether another check runs.
	 * @return string
	 */
	private function failed( int $post_id, ?array $result, bool $checkable, bool $blocked ): string {
		$error = $this->store->get_error( $post_id ) ?? array(
			'message' => '',
			'at'      => '',
		);

		$retry = '';
		if ( $checkable ) {
			$retry = Html::element(
				'button',
				array(
					'type'       => 'button',
					'class'      => 'tessera-speed__retry',
					'aria-label' => __( 'Check failed. Check again', 'tessera' ),
					'disabled'   => $blocked,
				),
				self::RELOAD_ICON
			);
		}

		$dismiss = Html::element( 'p', array( 'class' => 'tessera-speed__message' ), esc_html( $error['message'] ) );
		$time    = strtotime( $error['at'] );
		if ( false !== $time ) {
			$dismiss .= Html::element(
				'p',
				array( 'class' => 'tessera-speed__date' ),
				esc_html(
					sprintf(
						/* translators: %s: date and time. */
						__( 'Failed %s', 'tessera' ),
						self::date( $time )
					)
				)
			);
		}
		if ( null !== $result ) {
			$dismiss .= Html::element(
				'p',
				array( 'class' => 'tessera-speed__previous' ),
				esc_html(
					sprintf(
						/* translators: 1: desktop score, 2: mobile score. */
						__( 'Previous result: desktop %1$d, mobile %2$d.', 'tessera' ),
						(int) $result['desktop']['score'],
						(int) $result['mobile']['score']
					)
				)
			);
		}
		$dismiss .= Html::element(
			'button',
			array(
				'type'  => 'button',
				'class' => 'button-link tessera-speed__dismiss-button',
			),
			esc_html__( 'Dismiss', 'tessera' )
		);

		return $retry . Html::element( 'div', array( 'class' => 'tessera-speed__dismiss' ), $dismiss );
	}

	/**
	 * "Checked <date>".
	 *
	 * @param string $checked_at ISO 8601.
	 * @return string
	 */
	private static function checked_line( string $checked_at ): string {
		$time = strtotime( $checked_at );
		if ( false === $time ) {
			return '';
		}
		return Html::element(
			'p',
			array( 'class' => 'tessera-speed__date' ),
			esc_html__( 'Checked', 'tessera' ) . ' '
			. Html::element( 'time', array( 'datetime' => gmdate( 'c', $time ) ), esc_html( self::date( $time ) ) )
		);
	}

	/**
	 * The lab metrics (LCP, CLS, TBT) of both devices.
	 *
	 * @param array<string, mixed> $result Stored result.
	 * @return string
	 */
	private static function metrics_table( array $result ): string {
		$rows = array(
			array( 'LCP', __( 'Largest Contentful Paint', 'tessera' ), 'lcp', 'seconds' ),
			array( 'CLS', __( 'Cumulative Layout Shift', 'tessera' ), 'cls', 'shift' ),
			array( 'TBT', __( 'Total Blocking Time', 'tessera' ), 'tbt', 'ms' ),
		);
		$body = '';
		foreach ( $rows as $row ) {
			$body .= self::metric_row( $row[0], $row[1], self::format( $result['desktop'][ $row[2] ], $row[3] ), self::format( $result['mobile'][ $row[2] ], $row[3] ) );
		}
		return self::table( __( 'Lab data', 'tessera' ), $body );
	}

	/**
	 * The field data of real users (when either device has some).
	 *
	 * @param array<string, mixed> $result Stored result.
	 * @return string
	 */
	private static function field_table( array $result ): string {
		$desktop = $result['desktop']['field'];
		$mobile  = $result['mobile']['field'];
		if ( null === $desktop && null === $mobile ) {
			return '';
		}
		$rows = array(
			array( 'LCP', __( 'Largest Contentful Paint', 'tessera' ), 'lcp', 'seconds' ),
			array( 'CLS', __( 'Cumulative Layout Shift', 'tessera' ), 'cls', 'shift' ),
			array( 'INP', __( 'Interaction to Next Paint', 'tessera' ), 'inp', 'ms' ),
			array( 'FCP', __( 'First Contentful Paint', 'tessera' ), 'fcp', 'seconds' ),
		);
		$body = '';
		foreach ( $rows as $row ) {
			$body .= self::metric_row(
				$row[0],
				$row[1],
				self::format( $desktop[ $row[2] ] ?? null, $row[3] ),
				self::format( $mobile[ $row[2] ] ?? null, $row[3] )
			);
		}
		$body .= self::metric_row(
			'',
			__( 'Overall', 'tessera' ),
			self::category( $desktop['category'] ?? null ),
			self::category( $mobile['category'] ?? null )
		);
		return self::table( __( 'Real users (field data)', 'tessera' ), $body );
	}

	/**
	 * A metrics table with a caption and Desktop/Mobile columns.
	 *
	 * @param string $caption Caption (translated).
	 * @param string $body    Rows (HTML).
	 * @return string
	 */
	private static function table( string $caption, string $body ): string {
		$head = '<thead><tr>'
			. Html::element( 'th', array( 'scope' => 'col' ), esc_html__( 'Metric', 'tessera' ) )
			. Html::element( 'th', array( 'scope' => 'col' ), esc_html__( 'Desktop', 'tessera' ) )
			. Html::element( 'th', array( 'scope' => 'col' ), esc_html__( 'Mobile', 'tessera' ) )
			. '</tr></thead>';
		return Html::element(
			'table',
			array( 'class' => 'tessera-speed__metrics' ),
			Html::element( 'caption', array(), esc_html( $caption ) ) . $head . '<tbody>' . $body . '</tbody>'
		);
	}

	/**
	 * One row: the metric (abbreviation with its full name) and both values.
	 *
	 * @param string $abbr    Abbreviation ('' = show the name).
	 * @param string $name    Full name (translated).
	 * @param string $desktop Desktop value (plain text).
	 * @param string $mobile  Mobile value (plain text).
	 * @return string
	 */
	private static function metric_row( string $abbr, string $name, string $desktop, string $mobile ): string {
		$label = '' === $abbr
			? esc_html( $name )
			: Html::element( 'abbr', array( 'title' => $name ), esc_html( $abbr ) );
		return '<tr>'
			. Html::element( 'th', array( 'scope' => 'row' ), $label )
			. Html::element( 'td', array(), esc_html( $desktop ) )
			. Html::element( 'td', array(), esc_html( $mobile ) )
			. '</tr>';
	}

	/**
	 * A metric value for people.
	 *
	 * @param mixed  $value Stored value (number or null).
	 * @param string $kind  `seconds`, `ms` or `shift`.
	 * @return string
	 */
	private static function format( mixed $value, string $kind ): string {
		if ( ! is_int( $value ) && ! is_float( $value ) ) {
			return '—';
		}
		switch ( $kind ) {
			case 'seconds':
				/* translators: %s: duration in seconds, e.g. 2.5. */
				return sprintf( __( '%s s', 'tessera' ), number_format_i18n( (float) $value, 1 ) );
			case 'ms':
				/* translators: %s: duration in milliseconds, e.g. 120. */
				return sprintf( __( '%s ms', 'tessera' ), number_format_i18n( (float) $value ) );
			default:
				return number_format_i18n( (float) $value, 2 );
		}
	}

	/**
	 * The field data's overall category for people.
	 *
	 * @param mixed $category `FAST`, `AVERAGE`, `SLOW` or null.
	 * @return string
	 */
	private static function category( mixed $category ): string {
		switch ( $category ) {
			case 'FAST':
				return __( 'Fast', 'tessera' );
			case 'AVERAGE':
				return __( 'Average', 'tessera' );
			case 'SLOW':
				return __( 'Slow', 'tessera' );
			default:
				return is_string( $category ) && '' !== $category ? $category : '—';
		}
	}

	/**
	 * "Desktop" or "Mobile".
	 *
	 * @param string $device Device.
	 * @return string
	 */
	public static function device_name( string $device ): string {
		return 'mobile' === $device ? __( 'Mobile', 'tessera' ) : __( 'Desktop', 'tessera' );
	}

	/**
	 * A date and time in the site's formats and time zone.
	 *
	 * @param int $time Unix time.
	 * @return string
	 */
	public static function date( int $time ): string {
		$format = trim( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ) );
		$date   = wp_date( '' !== $format ? $format : 'Y-m-d H:i', $time );
		return is_string( $date ) ? $date : '';
	}
}
