import type { ReactNode } from 'react';
import { ActivityBlock } from './blocks/activity.block';
import { AssistDivBlock } from './blocks/assist-div.block';
import { BannerBlock } from './blocks/banner.block';
import { BrandListBlock } from './blocks/brand-list.block';
import { CategoryListBlock } from './blocks/category-list.block';
import { CouponBlock } from './blocks/coupon.block';
import { CustomCubeBlock } from './blocks/custom-cube.block';
import { ImageTextListBlock } from './blocks/image-text-list.block';
import { ImageTextNavBlock } from './blocks/image-text-nav.block';
import { ImageTextBlock } from './blocks/image-text.block';
import { ProductListBlock } from './blocks/product-list.block';
import { ShopHeaderBlock } from './blocks/shop-header.block';
import { TextBlock } from './blocks/text.block';
import { VideoBoxBlock } from './blocks/video-box.block';
import type { LayoutComponent } from './canvas.model';

/** One renderer per component type of spec §3; the switch is exhaustive, so a new type cannot be forgotten. */
export function renderBlock({ key, type, title, content }: LayoutComponent): ReactNode {
  switch (type) {
    case 'banner':
      return <BannerBlock content={content} />;
    case 'text':
      return <TextBlock content={content} />;
    case 'imageText':
      return <ImageTextBlock content={content} />;
    case 'brandList':
      return <BrandListBlock content={content} />;
    case 'categoryList':
      return <CategoryListBlock content={content} />;
    case 'imageTextList':
      return <ImageTextListBlock content={content} />;
    case 'assistDiv':
      return <AssistDivBlock content={content} />;
    case 'imageTextNav':
      return <ImageTextNavBlock content={content} />;
    case 'productList':
      return <ProductListBlock blockKey={key} title={title} content={content} />;
    case 'videoBox':
      return <VideoBoxBlock content={content} />;
    case 'coupon':
      return <CouponBlock blockKey={key} content={content} />;
    case 'custom':
      return <CustomCubeBlock content={content} />;
    case 'shopHead':
    case 'shopHeader':
      return <ShopHeaderBlock content={content} />;
    case 'groupList':
      return <ActivityBlock blockKey={key} kind="group" title={title} content={content} />;
    case 'spikeList':
      return <ActivityBlock blockKey={key} kind="seckill" title={title} content={content} />;
    case 'discountList':
      return <ActivityBlock blockKey={key} kind="discount" title={title} content={content} />;
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}
