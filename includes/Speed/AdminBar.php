<?php
/**
 * The "Optimize Images" admin bar menu (front end and admin, administrators only).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Speed;

use Tessera\Admin\Menu;
use Tessera\Html;
use WP_Admin_Bar;
use WP_Post;

/**
 * Adds the node `tessera-speed` and its children.
 */
final class AdminBar {

	/**
	 * Node id.
	 */
	public const NODE = 'tessera-speed';

	/**
	 * Circle size in the admin bar, px.
	 */
	public const CIRCLE_SIZE = 40;

	/**
	 * Circle stroke in the admin bar, px.
	 */
	public const CIRCLE_THICKNESS = 4;

	/**
	 * Storage.
	 *
	 * @var SpeedStore
	 */
	private SpeedStore $store;

	/**
	 * Creates the menu.
	 *
	 * @param SpeedStore $store Storage.
	 */
	public function __construct( SpeedStore $store ) {
		$this->store = $store;
	}

	/**
	 * Hooks the menu.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'admin_bar_menu', array( $this, 'add_nodes' ), 90 );
	}

	/**
	 * Adds the menu for administrators.
	 *
	 * @param WP_Admin_Bar $admin_bar The admin bar.
	 * @return void
	 */
	public function add_nodes( WP_Admin_Bar $admin_bar ): void {
		if ( ! Speed::user_can() ) {
			return;
		}

		$lock  = $this->store->current_lock();
		$class = 'tessera-speed-ab' . ( null !== $lock ? ' tessera-speed-ab--optimizing' : '' );

		$admin_bar->add_node(
			array(
				'id'    => self::NODE,
				'title' => '<span class="tessera-speed-ab__logo" aria-hidden="true"></span>'
					. Html::element( 'span', array( 'class' => 'tessera-speed-ab__label' ), esc_html__( 'Optimize Images', 'tessera' ) ),
				'href'  => admin_url( 'edit.php?post_type=page' ),
				'meta'  => array( 'class' => $class ),
			)
		);

		$post = $this->current_post();
		if ( null !== $post ) {
			$admin_bar->add_node(
				array(
					'parent' => self::NODE,
					'id'     => 'tessera-speed-check',
					'title'  => Html::element(
						'span',
						array(
							'class'        => 'tessera-speed-ab__check',
							'data-post_id' => (string) $post->ID,
						),
						esc_html__( 'Check this page’s speed', 'tessera' )
					),
					// The script turns the click into a check; without it the link goes nowhere.
					'href'   => '#',
					'meta'   => array( 'class' => 'tessera-speed-ab__check-item' ),
				)
			);
			$admin_bar->add_node(
				array(
					'parent' => self::NODE,
					'id'     => 'tessera-speed-result',
					'title'  => $this->result( (int) $post->ID ),
					'meta'   => array( 'class' => 'tessera-speed-ab__result-item' ),
				)
			);
		}

		$admin_bar->add_node(
			array(
				'parent' => self::NODE,
				'id'     => 'tessera-speed-list',
				'title'  => esc_html__( 'Speed scores of all pages', 'tessera' ),
				'href'   => admin_url( 'edit.php?post_type=page' ),
			)
		);
		$admin_bar->add_node(
			array(
				'parent' => self::NODE,
				'id'     => 'tessera-speed-settings',
				'title'  => esc_html__( 'Settings', 'tessera' ),
				'href'   => Menu::url( Settings::PAGE ),
			)
		);
	}

	/**
	 * The post being viewed on the front end when it can be checked, else null.
	 *
	 * @return WP_Post|null
	 */
	private function current_post(): ?WP_Post {
		$post_id = Speed::front_post_id();
		if ( 0 === $post_id ) {
			return null;
		}
		$post = get_post( $post_id );
		return ( $post instanceof WP_Post && SpeedCheck::is_checkable( $post ) ) ? $post : null;
	}

	/**
	 * The result item: both circles when a result is known, else a short state text.
	 *
	 * @param int $post_id Post ID.
	 * @return string
	 */
	public function result( int $post_id ): string {
		$result = $this->store->get_result( $post_id );
		$error  = $this->store->get_error( $post_id );

		if ( null !== $result ) {
			$inner = '';
			foreach ( array( 'desktop', 'mobile' ) as $device ) {
				$inner .= ScoreCircle::render(
					$device,
					(int) $result[ $device ]['score'],
					(float) $result[ $device ]['tti'],
					$post_id,
					self::CIRCLE_SIZE,
					self::CIRCLE_THICKNESS
				);
			}
			$state = null !== $error ? 'failed' : 'optimized';
		} else {
			$inner = esc_html( null !== $error ? __( 'The last check failed.', 'tessera' ) : __( 'Not checked yet.', 'tessera' ) );
			$state = null !== $error ? 'failed' : 'not-optimized';
		}

		return Html::element(
			'div',
			array(
				'class'        => 'tessera-speed-ab__result',
				'data-post_id' => (string) $post_id,
				'data-state'   => $state,
			),
			$inner
		);
	}
}
