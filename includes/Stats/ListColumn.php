<?php
/**
 * The "Views" column of the posts, pages and public custom post type lists.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

use Tessera\Html;

/**
 * Adds the column `tessera_views` for users who may view statistics and prints each post's all-time views. The
 * views of every post of the list are read with ONE query (PostViews::for_posts()) when the first cell is
 * printed; a row printed alone (quick edit) reads its own post. Not sortable: ordering posts by views would
 * have to sum the aggregates of every post on every list request.
 */
final class ListColumn {

	/**
	 * Column name.
	 */
	public const COLUMN = 'tessera_views';

	/**
	 * Views read for this request: post ID => views.
	 *
	 * @var array<int, int>
	 */
	private array $views = array();

	/**
	 * Whether the list's posts were read already.
	 *
	 * @var bool
	 */
	private bool $primed = false;

	/**
	 * Hooks the column for every listed post type on admin_init (after post types are registered; it also runs
	 * for quick edit's admin-ajax request, so an edited row keeps its cell).
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'admin_init', array( $this, 'hook_post_types' ) );
	}

	/**
	 * The post types whose lists get the column: public ones with an admin list (posts, pages, public custom
	 * post types; not media, which has another list).
	 *
	 * @return string[]
	 */
	public static function post_types(): array {
		$types = get_post_types(
			array(
				'public'  => true,
				'show_ui' => true,
			)
		);
		unset( $types['attachment'] );
		return array_values( array_map( 'strval', $types ) );
	}

	/**
	 * Adds the column filters of the listed post types.
	 *
	 * @return void
	 */
	public function hook_post_types(): void {
		foreach ( self::post_types() as $post_type ) {
			add_filter( "manage_{$post_type}_posts_columns", array( $this, 'add_column' ) );
			add_action( "manage_{$post_type}_posts_custom_column", array( $this, 'render_column' ), 10, 2 );
		}
	}

	/**
	 * Whether the current user may see statistics.
	 *
	 * @return bool
	 */
	public static function user_can(): bool {
		return current_user_can( Stats::view_capability() );
	}

	/**
	 * Adds "Views" before the date column (users who may view statistics only).
	 *
	 * @param array<string, string> $columns Column name => header.
	 * @return array<string, string>
	 */
	public function add_column( array $columns ): array {
		if ( ! self::user_can() ) {
			return $columns;
		}
		$header = __( 'Views', 'tessera' );
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
		if ( self::COLUMN !== $column || ! self::user_can() ) {
			return;
		}
		echo $this->cell( (int) $post_id ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built with Html::element and esc_html.
	}

	/**
	 * The cell of one post: its all-time views, formatted for the site's locale.
	 *
	 * @param int $post_id Post ID.
	 * @return string HTML.
	 */
	public function cell( int $post_id ): string {
		$views = $this->views( $post_id );
		return Html::element(
			'span',
			array(
				'class'      => 'tessera-views',
				'data-views' => (string) $views,
			),
			esc_html( number_format_i18n( $views ) )
		);
	}

	/**
	 * A post's views: read with every post of the list on the first call (one query), alone for a post that
	 * is not in the list.
	 *
	 * @param int $post_id Post ID.
	 * @return int
	 */
	public function views( int $post_id ): int {
		if ( ! $this->primed ) {
			$this->primed = true;
			$this->views  = PostViews::for_posts( self::listed_ids() );
		}
		if ( ! array_key_exists( $post_id, $this->views ) ) {
			$this->views += PostViews::for_posts( array( $post_id ) );
		}
		return $this->views[ $post_id ] ?? 0;
	}

	/**
	 * Forgets what was read (a new list).
	 *
	 * @return void
	 */
	public function reset(): void {
		$this->views  = array();
		$this->primed = false;
	}

	/**
	 * The IDs of the posts of the list screen: the main query's posts (edit.php runs the list query as the main
	 * query; for hierarchical types it holds `ID`/`post_parent` objects of every post).
	 *
	 * @return int[]
	 */
	private static function listed_ids(): array {
		global $wp_query;
		$ids = array();
		if ( ! $wp_query instanceof \WP_Query || ! is_array( $wp_query->posts ) ) {
			return $ids;
		}
		foreach ( $wp_query->posts as $post ) {
			if ( is_object( $post ) && isset( $post->ID ) ) {
				$ids[] = (int) $post->ID;
			} elseif ( is_numeric( $post ) ) {
				$ids[] = (int) $post;
			}
		}
		return $ids;
	}
}
