/**
 * A sample of the thumbnails view, drawn in the editor without a gallery: the block's preview in the inserter (its
 * `example`) and in pattern previews. Tinted tiles with a drawn landscape, in the front end's own classes, so it
 * looks like the block and needs no image, no request and no post.
 */

/**
 * External dependencies
 */
import type { CSSProperties } from 'react';

/** The tiles' tints. */
const TINTS = [
	'#c9d9ea',
	'#ead8c4',
	'#cfe3cc',
	'#e4cfdc',
	'#d8d3ec',
	'#efe4bf',
];

/**
 * The sample grid.
 *
 * @param props         Component props.
 * @param props.columns Columns of the grid.
 * @param props.titles  A title under each tile (an album's items), or none.
 */
export function GallerySample( {
	columns,
	titles = [],
}: {
	columns: number;
	titles?: string[];
} ): JSX.Element {
	const tiles = titles.length > 0 ? titles : TINTS.map( () => '' );
	return (
		<div className="tessera-gallery tessera-gallery-sample">
			<ul
				className="tessera-gallery__grid tessera-gallery__items"
				style={ { '--tessera-cols': columns } as CSSProperties }
			>
				{ tiles.map( ( title, index ) => (
					<li className="tessera-gallery__item" key={ index }>
						<span
							className="tessera-gallery__link"
							style={ {
								background: TINTS[ index % TINTS.length ],
							} }
						>
							<svg
								className="tessera-gallery__image"
								viewBox="0 0 40 30"
								preserveAspectRatio="xMidYMid slice"
								aria-hidden="true"
								focusable="false"
							>
								<circle cx="29" cy="9" r="3.5" fill="#fff" />
								<path
									d="M0 30 13 13l8 10 5-6 14 13H0Z"
									fill="rgb(0 0 0 / 22%)"
								/>
							</svg>
						</span>
						{ title !== '' && (
							<span className="tessera-gallery__title">
								{ title }
							</span>
						) }
					</li>
				) ) }
			</ul>
		</div>
	);
}
