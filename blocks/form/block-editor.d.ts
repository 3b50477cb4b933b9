/**
 * The part of `@wordpress/block-editor` that the form blocks (`blocks/form`, `blocks/field`, `blocks/form-step`)
 * use beyond what `blocks/consent-banner/block-editor.d.ts` declares (the package ships no type declarations).
 * Components are declared as functions so that another block's declaration of the same name merges instead of
 * clashing.
 */

declare module '@wordpress/block-editor' {
	import type { ReactElement, ReactNode } from 'react';
	import type { ReduxStoreConfig, StoreDescriptor } from '@wordpress/data';

	/** A block as the block editor store holds it. */
	export interface BlockEditorBlock {
		clientId: string;
		name: string;
		attributes: Record< string, unknown >;
		innerBlocks: BlockEditorBlock[];
	}

	/** The block editor store's selectors this plugin reads. */
	export interface BlockEditorSelectors {
		getBlocks: (
			state: unknown,
			rootClientId?: string
		) => BlockEditorBlock[];
		getBlockParentsByBlockName: (
			state: unknown,
			clientId: string,
			blockName: string | string[],
			ascending?: boolean
		) => string[];
		/** The editor's settings (`__unstableIsPreviewMode` is true in a block preview: src/lib/block-preview.ts). */
		getSettings: ( state: unknown ) => Record< string, unknown >;
	}

	/** The block editor's data store (`core/block-editor`). */
	export const store: StoreDescriptor<
		ReduxStoreConfig<
			unknown,
			Record< string, never >,
			BlockEditorSelectors
		>
	>;

	/** Options of useInnerBlocksProps (controlled inner blocks included). */
	export interface InnerBlocksOptions {
		allowedBlocks?: string[];
		value?: unknown[];
		onInput?: Function;
		onChange?: Function;
		templateLock?: false | 'all' | 'insert' | 'contentOnly';
		renderAppender?: false | ( () => ReactElement | null );
		orientation?: 'horizontal' | 'vertical';
	}

	/**
	 * The props of the element that holds a block's inner blocks.
	 *
	 * @param props   Props of the element.
	 * @param options Inner blocks options.
	 */
	export function useInnerBlocksProps(
		props?: Record< string, unknown >,
		options?: InnerBlocksOptions
	): Record< string, unknown >;

	/**
	 * A warning in place of a block, with actions.
	 *
	 * @param props
	 * @param props.actions   Buttons offered.
	 * @param props.children  The message.
	 * @param props.className Extra class.
	 */
	export function Warning( props: {
		actions?: ReactNode[];
		children?: ReactNode;
		className?: string;
	} ): ReactElement | null;

	/**
	 * A plain-text input that looks like the text it edits.
	 *
	 * @param props                       Component props.
	 * @param props.value                 The text.
	 * @param props.onChange              Receives the new text.
	 * @param props.placeholder           Shown when empty.
	 * @param props.className             Extra class.
	 * @param props.__experimentalVersion Version of the component (2: a contenteditable element).
	 * @param props.tagName               Element of version 2.
	 */
	export function PlainText( props: {
		value: string;
		onChange: ( value: string ) => void;
		placeholder?: string;
		className?: string;
		'aria-label'?: string;
		__experimentalVersion?: number;
		tagName?: string;
	} ): ReactElement | null;

	/**
	 * The block toolbar slot.
	 *
	 * @param props
	 * @param props.group    Toolbar group ('block', 'other' …).
	 * @param props.children Toolbar items.
	 */
	export function BlockControls( props: {
		group?: string;
		children?: ReactNode;
	} ): ReactElement | null;
}
