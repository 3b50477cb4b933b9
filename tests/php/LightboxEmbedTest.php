<?php
/**
 * Embeds in the lightbox (docs/lightbox.md "Embeds"; spec §3 "Embed filetypes"): the addresses of every provider
 * read into their filetype and player, what is refused, the extension filter and its checks, the popup's stage for
 * each kind, and the media library's field (saved, refused with the typed address kept, removed, permissions).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Lightbox\Embed;
use Tessera\Lightbox\EmbedField;
use Tessera\Lightbox\Endpoint;

final class LightboxEmbedTest extends GalleryTestCase {

	/**
	 * Every provider's address forms.
	 *
	 * @return array<string, array{0: string, 1: string, 2: string}>
	 */
	public static function addresses(): array {
		return array(
			'youtube watch'         => array( 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10s', 'EMBED_OEMBED_YOUTUBE_VIDEO', 'https://www.youtube.com/embed/aqz-KE-bpKQ' ),
			'youtube short link'    => array( 'https://youtu.be/aqz-KE-bpKQ', 'EMBED_OEMBED_YOUTUBE_VIDEO', 'https://www.youtube.com/embed/aqz-KE-bpKQ' ),
			'youtube shorts'        => array( 'https://m.youtube.com/shorts/aqz-KE-bpKQ', 'EMBED_OEMBED_YOUTUBE_VIDEO', 'https://www.youtube.com/embed/aqz-KE-bpKQ' ),
			'youtube embed'         => array( 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'EMBED_OEMBED_YOUTUBE_VIDEO', 'https://www.youtube.com/embed/aqz-KE-bpKQ' ),
			'vimeo'                 => array( 'https://vimeo.com/76979871', 'EMBED_OEMBED_VIMEO_VIDEO', 'https://player.vimeo.com/video/76979871' ),
			'vimeo channel'         => array( 'https://vimeo.com/channels/staffpicks/76979871', 'EMBED_OEMBED_VIMEO_VIDEO', 'https://player.vimeo.com/video/76979871' ),
			'vimeo player'          => array( 'https://player.vimeo.com/video/76979871', 'EMBED_OEMBED_VIMEO_VIDEO', 'https://player.vimeo.com/video/76979871' ),
			'dailymotion'           => array( 'https://www.dailymotion.com/video/x8abcd1', 'EMBED_OEMBED_DAILYMOTION_VIDEO', 'https://www.dailymotion.com/embed/video/x8abcd1' ),
			'dailymotion short'     => array( 'https://dai.ly/x8abcd1', 'EMBED_OEMBED_DAILYMOTION_VIDEO', 'https://www.dailymotion.com/embed/video/x8abcd1' ),
			'facebook video'        => array( 'https://www.facebook.com/somepage/videos/1234567890/', 'EMBED_OEMBED_FACEBOOK_VIDEO', 'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fsomepage%2Fvideos%2F1234567890%2F&show_text=false' ),
			'facebook watch'        => array( 'https://www.facebook.com/watch/?v=1234567890', 'EMBED_OEMBED_FACEBOOK_VIDEO', 'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D1234567890&show_text=false' ),
			'facebook photo'        => array( 'https://www.facebook.com/somepage/photos/a.123/4567890/', 'EMBED_OEMBED_FACEBOOK_IMAGE', 'https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2Fsomepage%2Fphotos%2Fa.123%2F4567890%2F' ),
			'facebook photo.php'    => array( 'https://www.facebook.com/photo.php?fbid=4567890', 'EMBED_OEMBED_FACEBOOK_IMAGE', 'https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2Fphoto.php%3Ffbid%3D4567890' ),
			'instagram post'        => array( 'https://www.instagram.com/p/CyQ1r2sL0aB/', 'EMBED_OEMBED_INSTAGRAM_POST', 'https://www.instagram.com/p/CyQ1r2sL0aB/embed/captioned/' ),
			'instagram reel'        => array( 'https://www.instagram.com/reel/CyQ1r2sL0aB/', 'EMBED_OEMBED_INSTAGRAM_VIDEO', 'https://www.instagram.com/reel/CyQ1r2sL0aB/embed/' ),
			'instagram picture'     => array( 'https://instagram.com/p/CyQ1r2sL0aB/media/', 'EMBED_OEMBED_INSTAGRAM_IMAGE', 'https://www.instagram.com/p/CyQ1r2sL0aB/media/?size=l' ),
			'flickr picture'        => array( 'https://live.staticflickr.com/65535/53210987654_0a1b2c3d4e_b.jpg', 'EMBED_OEMBED_FLICKR_IMAGE', 'https://live.staticflickr.com/65535/53210987654_0a1b2c3d4e_b.jpg' ),
			'flickr video'          => array( 'https://www.flickr.com/photos/someone/53210987654/play/hd/abc123/', 'EMBED_OEMBED_FLICKR_VIDEO', 'https://www.flickr.com/photos/someone/53210987654/play/hd/abc123/' ),
			'imgur page'            => array( 'https://imgur.com/AbC12dE', 'EMBED_OEMBED_IMGUR', 'https://imgur.com/AbC12dE/embed?pub=true' ),
			'imgur album'           => array( 'https://imgur.com/a/AbC12dE', 'EMBED_OEMBED_IMGUR', 'https://imgur.com/a/AbC12dE/embed?pub=true' ),
			'imgur picture'         => array( 'https://i.imgur.com/AbC12dE.jpg', 'EMBED_OEMBED_IMGUR', 'https://imgur.com/AbC12dE/embed?pub=true' ),
			'google photos picture' => array( 'https://lh3.googleusercontent.com/pw/AP1GczNdemo0picture1=w2400', 'EMBED_OEMBED_GOOGLE_PHOTO_IMAGE', 'https://lh3.googleusercontent.com/pw/AP1GczNdemo0picture1=w2400' ),
		);
	}

	/**
	 * @dataProvider addresses
	 *
	 * @param string $url      An address.
	 * @param string $filetype Its filetype.
	 * @param string $embed    What the lightbox shows.
	 */
	public function test_every_providers_addresses_are_read( string $url, string $filetype, string $embed ): void {
		$this->assertSame(
			array(
				'filetype'  => $filetype,
				'embed_url' => $embed,
			),
			Embed::parse( $url )
		);
	}

	public function test_every_spec_filetype_is_read_from_some_address(): void {
		$read = array_unique( array_map( static fn ( array $case ): string => $case[1], self::addresses() ) );
		sort( $read );
		$spec = array_keys( Embed::TYPES );
		sort( $spec );
		$this->assertSame( $spec, array_values( $read ) );
	}

	public function test_addresses_it_cannot_read_are_refused(): void {
		foreach ( array(
			'',
			'not an address',
			'javascript:alert(1)//youtube.com/watch?v=aqz-KE-bpKQ',
			'ftp://youtube.com/watch?v=aqz-KE-bpKQ',
			'https://evil.example/youtube.com/watch?v=aqz-KE-bpKQ',
			'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ',
			'https://www.youtube.com/watch?v=short',
			'https://www.youtube.com/watch?v=aqz-KE-bpKQ"onload="x',
			'https://www.youtube.com/watch?v[]=aqz-KE-bpKQ',
			'https://www.youtube.com/channel/UCabc',
			'https://vimeo.com/about',
			'https://www.facebook.com/somepage',
			'https://www.facebook.com/watch/?v=abc',
			'https://www.instagram.com/explore/tags/sea/',
			'https://www.flickr.com/photos/someone/53210987654/',
			'https://imgur.com/upload',
			'https://lh3.googleusercontent.com/x',
			'https://www.youtube.com/watch?v=aqz-KE-bpKQ&x=' . str_repeat( 'a', Embed::MAX_LENGTH ),
		) as $url ) {
			$this->assertNull( Embed::parse( $url ), $url );
		}
	}

	public function test_kinds(): void {
		$this->assertSame( 'iframe', Embed::kind( 'EMBED_OEMBED_YOUTUBE_VIDEO' ) );
		$this->assertSame( 'image', Embed::kind( 'EMBED_OEMBED_GOOGLE_PHOTO_IMAGE' ) );
		$this->assertSame( 'none', Embed::kind( 'EMBED_OEMBED_FLICKR_VIDEO' ) );
		$this->assertSame( 'extension', Embed::kind( 'EMBED_EXAMPLE_VIDEO' ) );
		$this->assertSame( '', Embed::kind( 'jpeg' ) );
	}

	public function test_the_filter_reads_other_addresses_and_what_it_gives_is_checked(): void {
		$give   = null;
		$filter = static function ( $found, string $url ) use ( &$give ) {
			return str_starts_with( $url, 'https://video.example.org/' ) ? $give : $found;
		};
		add_filter( 'tessera_lightbox_embed', $filter, 10, 2 );
		try {
			$give = array(
				'filetype'  => 'EMBED_EXAMPLE_VIDEO',
				'embed_url' => 'https://video.example.org/embed/42',
			);
			$this->assertSame( $give, Embed::parse( 'https://video.example.org/watch/42' ) );
			// Not an embed type, a script address, a type that is no name: refused.
			foreach ( array(
				array(
					'filetype'  => 'jpeg',
					'embed_url' => 'https://video.example.org/embed/42',
				),
				array(
					'filetype'  => 'EMBED_EXAMPLE_VIDEO',
					'embed_url' => 'javascript:alert(1)',
				),
				array(
					'filetype'  => 'EMBED_<b>',
					'embed_url' => 'https://video.example.org/embed/42',
				),
				array( 'filetype' => 'EMBED_EXAMPLE_VIDEO' ),
				'EMBED_EXAMPLE_VIDEO',
			) as $bad ) {
				$give = $bad;
				$this->assertNull( Embed::parse( 'https://video.example.org/watch/42' ), (string) wp_json_encode( $bad ) );
			}
		} finally {
			remove_filter( 'tessera_lightbox_embed', $filter, 10 );
		}
	}

	public function test_the_popup_shows_each_kind_in_the_stage(): void {
		$video   = $this->image( 'Video' );
		$post    = $this->image( 'Post' );
		$picture = $this->image( 'Picture' );
		$nothing = $this->image( 'Nothing' );
		$plain   = $this->image( 'Plain' );
		update_post_meta( $video, Embed::META, 'https://youtu.be/aqz-KE-bpKQ' );
		update_post_meta( $post, Embed::META, 'https://www.instagram.com/p/CyQ1r2sL0aB/' );
		update_post_meta( $picture, Embed::META, 'https://lh3.googleusercontent.com/pw/AP1GczNdemo0picture1=w2400' );
		update_post_meta( $nothing, Embed::META, 'https://www.flickr.com/photos/someone/53210987654/play/hd/abc123/' );
		$gallery = $this->gallery( array( $video, $post, $picture, $nothing, $plain ) );
		$popup   = static fn ( int $image ): string => Endpoint::handle(
			array(
				'gallery_id' => (string) $gallery,
				'image_id'   => (string) $image,
			),
			'GET'
		)['html'];

		$html = $popup( $video );
		$this->assertStringContainsString( '<div class="tessera-lightbox__stage"><iframe class="tessera-lightbox__embed tessera-lightbox__embed--video" src="https://www.youtube.com/embed/aqz-KE-bpKQ" title="Video" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowfullscreen></iframe></div>', $html );
		$this->assertStringContainsString( 'aria-label="Zoom" aria-pressed="false" hidden>', $html );
		// The data: the embed's filetype and player, the poster's other fields.
		$this->assertStringContainsString( '"filetype":"EMBED_OEMBED_YOUTUBE_VIDEO","embed_url":"https://www.youtube.com/embed/aqz-KE-bpKQ","image_url":"' . wp_get_attachment_image_src( $video, 'large' )[0] . '"', $html );

		$this->assertStringContainsString( 'tessera-lightbox__embed--instagram" src="https://www.instagram.com/p/CyQ1r2sL0aB/embed/captioned/"', $popup( $post ) );
		$this->assertStringContainsString( '<div class="tessera-lightbox__stage"><img class="tessera-lightbox__image" src="https://lh3.googleusercontent.com/pw/AP1GczNdemo0picture1=w2400" alt="Picture" loading="eager" decoding="async" fetchpriority="high"></div>', $popup( $picture ) );
		$this->assertStringContainsString( '<div class="tessera-lightbox__stage"></div>', $popup( $nothing ) );
		$html = $popup( $plain );
		$this->assertStringContainsString( '"filetype":"jpeg","embed_url":""', $html );
		$this->assertStringContainsString( 'aria-label="Zoom" aria-pressed="false"></button>', $html );

		// An address that can no longer be read (saved before, or by hand) is the plain image.
		update_post_meta( $video, Embed::META, 'https://example.com/not-a-video' );
		$this->assertStringContainsString( '<div class="tessera-lightbox__stage"><img class="tessera-lightbox__image"', $popup( $video ) );
	}

	public function test_a_galleries_poster_of_an_embed_says_so_and_links_to_the_embed_without_scripts(): void {
		$video = $this->image( 'Video' );
		$plain = $this->image( 'Plain' );
		update_post_meta( $video, Embed::META, 'https://youtu.be/aqz-KE-bpKQ' );
		$gallery = $this->gallery( array( $video, $plain ) );
		\Tessera\Gallery\GalleryBlock::reset_numbers();
		$html = do_blocks( '<!-- wp:tessera/gallery {"galleryId":' . $gallery . '} /-->' );
		$this->assertStringContainsString( '<a class="tessera-gallery__link is-embed" href="https://youtu.be/aqz-KE-bpKQ">', $html );
		$this->assertStringContainsString( '<span class="screen-reader-text">(plays in the lightbox)</span></a>', $html );
		$this->assertSame( 1, substr_count( $html, '(plays in the lightbox)' ) );
		$this->assertStringContainsString( '<a class="tessera-gallery__link" href="' . esc_url( (string) wp_get_attachment_url( $plain ) ) . '">', $html );
	}

	public function test_the_media_library_field_saves_refuses_and_removes(): void {
		$this->as_role( 'editor' );
		$image = $this->image( 'Field' );
		$field = new EmbedField();
		$post  = get_post( $image, ARRAY_A );

		$fields = $field->field( array(), get_post( $image ) );
		$this->assertSame( 'Embed in the lightbox', $fields[ EmbedField::FIELD ]['label'] );
		$this->assertSame( '', $fields[ EmbedField::FIELD ]['value'] );

		$saved = $field->save( $post, array( EmbedField::FIELD => ' https://youtu.be/aqz-KE-bpKQ ' ) );
		$this->assertArrayNotHasKey( 'errors', $saved );
		$this->assertSame( 'https://youtu.be/aqz-KE-bpKQ', get_post_meta( $image, Embed::META, true ) );

		// Refused: a message tied to the field, the saved address kept; the field shows what was typed, once.
		$refused = $field->save( $post, array( EmbedField::FIELD => 'https://example.com/<script>' ) );
		$this->assertSame( array( 'Not saved: Tessera cannot embed this address.' ), $refused['errors'][ EmbedField::FIELD ]['errors'] );
		$this->assertSame( 'https://youtu.be/aqz-KE-bpKQ', get_post_meta( $image, Embed::META, true ) );
		$again = $field->field( array(), get_post( $image ) )[ EmbedField::FIELD ];
		$this->assertSame( 'https://example.com/', $again['value'] );
		$this->assertStringStartsWith( 'Not saved: Tessera cannot embed this address.', $again['helps'] );
		$this->assertSame( 'https://youtu.be/aqz-KE-bpKQ', $field->field( array(), get_post( $image ) )[ EmbedField::FIELD ]['value'] );

		// Emptied: removed.
		$field->save( $post, array( EmbedField::FIELD => '' ) );
		$this->assertSame( '', get_post_meta( $image, Embed::META, true ) );

		// Someone who cannot edit the image changes nothing.
		update_post_meta( $image, Embed::META, 'https://youtu.be/aqz-KE-bpKQ' );
		$this->as_role( 'subscriber' );
		$field->save( $post, array( EmbedField::FIELD => '' ) );
		$this->assertSame( 'https://youtu.be/aqz-KE-bpKQ', get_post_meta( $image, Embed::META, true ) );

		// Not on files that are not images.
		$this->assertSame( array(), $field->field( array(), get_post( $this->image( 'Text', array(), 'text/plain' ) ) ) );
	}
}
