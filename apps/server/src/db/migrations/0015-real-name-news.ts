import { sql, type Kysely } from 'kysely';

/**
 * Real-name authentication and news for users (issue 14).
 *
 * - `real_name_auths`: every submission is kept (a rejected one stays on record with its reason);
 *   at most one per user is waiting or approved, which the partial unique index holds even when
 *   two submissions race. The photos are the user's own uploads.
 * - `news.translation_of`: an article in another language is its own row pointing at the
 *   original; the user pages show the translation in the request's language where one is
 *   published, else the original. Hong Kong and Arabic versions of two seeded articles are added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE real_name_auths (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      -- 1 id card, 2 passport, 3 driver license
      id_card_type smallint NOT NULL CHECK (id_card_type BETWEEN 1 AND 3),
      card_id text NOT NULL CHECK (length(card_id) BETWEEN 1 AND 64),
      front_upload_id integer NOT NULL REFERENCES uploads(id),
      reverse_upload_id integer NOT NULL REFERENCES uploads(id),
      -- 1 waiting, 2 approved, 3 rejected
      status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 3),
      remark text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz,
      reviewed_by integer REFERENCES admins(id)
    );
    CREATE UNIQUE INDEX real_name_auths_one_open ON real_name_auths (user_id) WHERE status IN (1, 2);
    CREATE INDEX real_name_auths_user_idx ON real_name_auths (user_id, id DESC);
    CREATE INDEX real_name_auths_queue_idx ON real_name_auths (status, id DESC);

    ALTER TABLE news ADD COLUMN translation_of integer REFERENCES news(id);
    -- a translation names a language, and there is at most one per article and language
    ALTER TABLE news ADD CONSTRAINT news_translation_language CHECK (translation_of IS NULL OR language <> '');
    CREATE UNIQUE INDEX news_translation_once ON news (translation_of, language) WHERE translation_of IS NOT NULL;

    INSERT INTO news (title, "desc", content, category_id, language, published, translation_of)
    SELECT v.title, v."desc", v.content, 1, v.language, true, n.id
    FROM (VALUES
      ('Gold holds near record as traders weigh rate outlook', 'hk',
       '金價在交易員評估利率前景之際守穩於紀錄高位附近',
       '現貨金價在一週升勢後企穩，市場正在為央行下一步行動定價。',
       '<p>現貨金價週二在窄幅區間內交易，本週稍早曾觸及紀錄高位，交易員正在評估央行官員對利率路徑的言論。</p><p>分析師表示，<strong>亞洲的實物需求</strong>及官方機構的穩定買盤繼續支撐金價，而美元走強限制了上行空間。</p><ul><li>支撐位：20日移動平均線</li><li>阻力位：近期高位</li></ul>'),
      ('Gold holds near record as traders weigh rate outlook', 'ar',
       'الذهب يستقر قرب مستوى قياسي بينما يقيّم المتداولون توقعات الفائدة',
       'استقر الذهب الفوري بعد أسبوع من المكاسب بينما تسعّر الأسواق الخطوة التالية للبنك المركزي.',
       '<p>تداول الذهب الفوري في نطاق ضيق يوم الثلاثاء بعد أن لامس مستوى قياسيًا في وقت سابق من الأسبوع، بينما يقيّم المتداولون تصريحات مسؤولي البنك المركزي بشأن مسار أسعار الفائدة.</p><p>قال المحللون إن <strong>الطلب الفعلي في آسيا</strong> والمشتريات المنتظمة من المؤسسات الرسمية واصلا دعم الأسعار، بينما حدّ ارتفاع الدولار من المكاسب.</p><ul><li>الدعم: المتوسط المتحرك لـ 20 يومًا</li><li>المقاومة: القمة الأخيرة</li></ul>'),
      ('Euro edges higher after stronger than expected factory data', 'hk',
       '歐元在工廠數據優於預期後小幅走高',
       '歐元區製造業調查結果優於預測，歐元兌美元上升。',
       '<p>採購經理人調查顯示歐元區工廠活動收縮速度慢於經濟學家預期，歐元兌美元走高。</p><p>交易員現正關注下一次通脹數據，以判斷價格壓力緩和的速度。<em>數據公佈前後波動可能加劇。</em></p>'),
      ('Euro edges higher after stronger than expected factory data', 'ar',
       'اليورو يرتفع قليلًا بعد بيانات مصانع أقوى من المتوقع',
       'ارتفع زوج اليورو/الدولار بعد أن جاءت مسوح التصنيع في منطقة اليورو أفضل من التوقعات.',
       '<p>ارتفع اليورو أمام الدولار بعد أن أظهرت مسوح مديري المشتريات أن نشاط المصانع في منطقة اليورو انكمش بوتيرة أبطأ مما توقعه الاقتصاديون.</p><p>يراقب المتداولون الآن بيانات التضخم المقبلة بحثًا عن مؤشرات على سرعة تراجع ضغوط الأسعار. <em>قد ترتفع التقلبات حول موعد صدور البيانات.</em></p>')
    ) AS v(original, language, title, "desc", content)
    JOIN news n ON n.title = v.original AND n.translation_of IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM news WHERE translation_of IS NOT NULL;
    DROP INDEX news_translation_once;
    ALTER TABLE news DROP CONSTRAINT news_translation_language;
    ALTER TABLE news DROP COLUMN translation_of;
    DROP TABLE real_name_auths;
  `.execute(db);
}
