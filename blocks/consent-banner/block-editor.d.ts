/**
 * The part of `@wordpress/block-editor` that the consent-banner block uses (the package ships no type
 * declarations for these).
 */

declare module '@wordpress/block-editor' {
	import type { ComponentType, ReactNode } from 'react';

	/** One colour setting of PanelColorSettings. */
	export interface ColorSetting {
		label: string;
		value: string | undefined;
		onChange: ( value: string | undefined ) => void;
		clearable?: boolean;
		enableAlpha?: boolean;
	}

	/** The block's settings sidebar slot. */
	export const InspectorControls: ComponentType< {
		children?: ReactNode;
		group?: string;
	} >;

	/** A panel of colour pickers with the theme palette. */
	export const PanelColorSettings: ComponentType< {
		title: string;
		colorSettings: ColorSetting[];
		initialOpen?: boolean;
		enableAlpha?: boolean;
		children?: ReactNode;
	} >;

	/**
	 * The wrapper props of a block (class names, supports' styles, refs).
	 * @param props
	 */
	export function useBlockProps(
		props?: Record< string, unknown >
	): Record< string, unknown >;
}
