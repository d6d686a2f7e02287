import type { Lang } from '@tp/contracts';

/*
 * The loan agreement in each language (version LOAN_AGREEMENT_VERSION). Placeholders: {date},
 * {borrower}, {uid}, {amount}, {currency}, {period}, {due_date}, {interest_rate} (percent a day),
 * {free_period}, {interest}, {penalty_rate} (percent a day), {version}. A change of wording is a
 * new version: loans keep the text they were signed with.
 */
export const AGREEMENT_TEXTS: Record<Lang, string> = {
  en: `Loan Agreement (version {version})
Date: {date}
Lender: the platform ("the Lender"). Borrower: {borrower}, UID {uid} ("the Borrower").
1. Principal: the Lender lends the Borrower {amount} {currency}, paid into the Borrower's funding account when the application is approved.
2. Term: {period} days from approval. A loan approved today is due on {due_date}.
3. Interest: {interest_rate}% per day; the first {free_period} days bear no interest. Total interest: {interest} {currency}.
4. Late fee: a loan not repaid by its due date bears a late fee of {penalty_rate}% of the principal for each day overdue.
5. Repayment: the Borrower repays the principal, the interest and any late fee in one payment by the due date.
6. The Borrower confirms that the identity information given is true and signs this agreement electronically; the signature, time, IP address and device are recorded as evidence.`,
  hk: `借款協議（版本 {version}）
日期：{date}
出借人：本平台（「出借人」）。借款人：{borrower}，UID {uid}（「借款人」）。
1. 本金：出借人向借款人出借 {amount} {currency}，於申請審核通過時存入借款人的資金帳戶。
2. 期限：自審核通過起 {period} 天。今天審核通過的借款到期日為 {due_date}。
3. 利息：每日 {interest_rate}%；前 {free_period} 天免息。利息總額：{interest} {currency}。
4. 逾期費：到期未還清的借款，每逾期一天收取本金 {penalty_rate}% 的逾期費。
5. 還款：借款人須於到期日前一次性償還本金、利息及任何逾期費。
6. 借款人確認所提供的身份資料真實，並以電子方式簽署本協議；簽名、時間、IP 位址及裝置將被記錄作為證據。`,
  jp: `ローン契約書（バージョン {version}）
日付：{date}
貸主：当プラットフォーム（「貸主」）。借主：{borrower}、UID {uid}（「借主」）。
1. 元本：貸主は借主に {amount} {currency} を貸し付け、申請承認時に借主の資金口座へ入金します。
2. 期間：承認から {period} 日間。本日承認されたローンの返済期日は {due_date} です。
3. 利息：1日あたり {interest_rate}%。最初の {free_period} 日間は無利息です。利息合計：{interest} {currency}。
4. 延滞料：返済期日までに返済されないローンには、延滞1日ごとに元本の {penalty_rate}% の延滞料がかかります。
5. 返済：借主は返済期日までに元本、利息および延滞料を一括で返済します。
6. 借主は提供した本人情報が真実であることを確認し、本契約に電子署名します。署名、日時、IPアドレスおよび端末は証拠として記録されます。`,
  kr: `대출 약정서 (버전 {version})
날짜: {date}
대여자: 본 플랫폼("대여자"). 차입자: {borrower}, UID {uid}("차입자").
1. 원금: 대여자는 차입자에게 {amount} {currency}을(를) 대여하며, 신청이 승인되면 차입자의 자금 계좌로 지급합니다.
2. 기간: 승인일로부터 {period}일. 오늘 승인된 대출의 상환 기일은 {due_date}입니다.
3. 이자: 일 {interest_rate}%; 처음 {free_period}일은 무이자입니다. 총 이자: {interest} {currency}.
4. 연체료: 상환 기일까지 상환되지 않은 대출에는 연체 1일마다 원금의 {penalty_rate}%의 연체료가 부과됩니다.
5. 상환: 차입자는 상환 기일까지 원금, 이자 및 연체료를 일시에 상환합니다.
6. 차입자는 제공한 신원 정보가 사실임을 확인하고 본 약정에 전자 서명합니다. 서명, 시간, IP 주소 및 기기는 증거로 기록됩니다.`,
  th: `สัญญาเงินกู้ (ฉบับ {version})
วันที่: {date}
ผู้ให้กู้: แพลตฟอร์มนี้ ("ผู้ให้กู้") ผู้กู้: {borrower}, UID {uid} ("ผู้กู้")
1. เงินต้น: ผู้ให้กู้ให้ผู้กู้กู้ยืม {amount} {currency} โดยโอนเข้าบัญชีเงินทุนของผู้กู้เมื่อคำขอได้รับอนุมัติ
2. ระยะเวลา: {period} วันนับจากวันอนุมัติ สินเชื่อที่อนุมัติวันนี้ครบกำหนดในวันที่ {due_date}
3. ดอกเบี้ย: {interest_rate}% ต่อวัน โดย {free_period} วันแรกไม่มีดอกเบี้ย ดอกเบี้ยรวม: {interest} {currency}
4. ค่าปรับล่าช้า: สินเชื่อที่ไม่ชำระคืนภายในวันครบกำหนดจะมีค่าปรับ {penalty_rate}% ของเงินต้นต่อวันที่ล่าช้า
5. การชำระคืน: ผู้กู้ชำระเงินต้น ดอกเบี้ย และค่าปรับใดๆ ในครั้งเดียวภายในวันครบกำหนด
6. ผู้กู้ยืนยันว่าข้อมูลประจำตัวที่ให้ไว้เป็นความจริงและลงนามในสัญญานี้ทางอิเล็กทรอนิกส์ ลายมือชื่อ เวลา ที่อยู่ IP และอุปกรณ์จะถูกบันทึกเป็นหลักฐาน`,
  vn: `Hợp đồng vay (phiên bản {version})
Ngày: {date}
Bên cho vay: nền tảng ("Bên cho vay"). Bên vay: {borrower}, UID {uid} ("Bên vay").
1. Tiền gốc: Bên cho vay cho Bên vay vay {amount} {currency}, chuyển vào tài khoản vốn của Bên vay khi đơn được duyệt.
2. Kỳ hạn: {period} ngày kể từ ngày duyệt. Khoản vay được duyệt hôm nay đến hạn vào {due_date}.
3. Lãi suất: {interest_rate}% mỗi ngày; {free_period} ngày đầu không tính lãi. Tổng tiền lãi: {interest} {currency}.
4. Phí trả chậm: khoản vay không được trả trước ngày đến hạn chịu phí trả chậm {penalty_rate}% tiền gốc cho mỗi ngày quá hạn.
5. Trả nợ: Bên vay trả tiền gốc, tiền lãi và mọi phí trả chậm trong một lần trước ngày đến hạn.
6. Bên vay xác nhận thông tin danh tính đã cung cấp là đúng sự thật và ký hợp đồng này bằng phương thức điện tử; chữ ký, thời gian, địa chỉ IP và thiết bị được ghi lại làm bằng chứng.`,
  fr: `Contrat de prêt (version {version})
Date : {date}
Prêteur : la plateforme (« le Prêteur »). Emprunteur : {borrower}, UID {uid} (« l'Emprunteur »).
1. Capital : le Prêteur prête à l'Emprunteur {amount} {currency}, versés sur le compte de financement de l'Emprunteur à l'approbation de la demande.
2. Durée : {period} jours à compter de l'approbation. Un prêt approuvé aujourd'hui est dû le {due_date}.
3. Intérêts : {interest_rate} % par jour ; les {free_period} premiers jours ne portent pas d'intérêts. Intérêts totaux : {interest} {currency}.
4. Pénalité de retard : un prêt non remboursé à l'échéance porte une pénalité de {penalty_rate} % du capital par jour de retard.
5. Remboursement : l'Emprunteur rembourse le capital, les intérêts et toute pénalité en un seul paiement avant l'échéance.
6. L'Emprunteur confirme que les informations d'identité fournies sont exactes et signe ce contrat électroniquement ; la signature, l'heure, l'adresse IP et l'appareil sont enregistrés comme preuve.`,
  de: `Kreditvertrag (Version {version})
Datum: {date}
Kreditgeber: die Plattform („der Kreditgeber“). Kreditnehmer: {borrower}, UID {uid} („der Kreditnehmer“).
1. Kreditbetrag: Der Kreditgeber leiht dem Kreditnehmer {amount} {currency}, die bei Genehmigung des Antrags auf das Finanzierungskonto des Kreditnehmers gezahlt werden.
2. Laufzeit: {period} Tage ab Genehmigung. Ein heute genehmigter Kredit ist am {due_date} fällig.
3. Zinsen: {interest_rate} % pro Tag; die ersten {free_period} Tage sind zinsfrei. Zinsen insgesamt: {interest} {currency}.
4. Verzugsgebühr: Ein bis zum Fälligkeitstag nicht zurückgezahlter Kredit trägt eine Verzugsgebühr von {penalty_rate} % des Kreditbetrags je Verzugstag.
5. Rückzahlung: Der Kreditnehmer zahlt Kreditbetrag, Zinsen und etwaige Verzugsgebühren in einer Zahlung bis zum Fälligkeitstag zurück.
6. Der Kreditnehmer bestätigt, dass die angegebenen Identitätsdaten wahr sind, und unterzeichnet diesen Vertrag elektronisch; Unterschrift, Zeit, IP-Adresse und Gerät werden als Nachweis gespeichert.`,
  ru: `Договор займа (версия {version})
Дата: {date}
Займодавец: платформа («Займодавец»). Заёмщик: {borrower}, UID {uid} («Заёмщик»).
1. Основная сумма: Займодавец предоставляет Заёмщику {amount} {currency}, зачисляемые на финансовый счёт Заёмщика после одобрения заявки.
2. Срок: {period} дней с даты одобрения. Займ, одобренный сегодня, подлежит погашению {due_date}.
3. Проценты: {interest_rate}% в день; первые {free_period} дней без процентов. Всего процентов: {interest} {currency}.
4. Пеня: за каждый день просрочки займа, не погашенного в срок, начисляется пеня {penalty_rate}% от основной суммы.
5. Погашение: Заёмщик возвращает основную сумму, проценты и пени одним платежом до даты погашения.
6. Заёмщик подтверждает достоверность предоставленных данных о личности и подписывает договор электронно; подпись, время, IP-адрес и устройство сохраняются как доказательство.`,
  spa: `Contrato de préstamo (versión {version})
Fecha: {date}
Prestamista: la plataforma («el Prestamista»). Prestatario: {borrower}, UID {uid} («el Prestatario»).
1. Principal: el Prestamista presta al Prestatario {amount} {currency}, abonados en la cuenta de fondos del Prestatario al aprobarse la solicitud.
2. Plazo: {period} días desde la aprobación. Un préstamo aprobado hoy vence el {due_date}.
3. Intereses: {interest_rate} % diario; los primeros {free_period} días no generan intereses. Intereses totales: {interest} {currency}.
4. Recargo por mora: un préstamo no pagado al vencimiento genera un recargo del {penalty_rate} % del principal por cada día de retraso.
5. Pago: el Prestatario paga el principal, los intereses y cualquier recargo en un solo pago antes del vencimiento.
6. El Prestatario confirma que los datos de identidad facilitados son verdaderos y firma este contrato electrónicamente; la firma, la hora, la dirección IP y el dispositivo se registran como prueba.`,
  pt: `Contrato de empréstimo (versão {version})
Data: {date}
Mutuante: a plataforma («o Mutuante»). Mutuário: {borrower}, UID {uid} («o Mutuário»).
1. Capital: o Mutuante empresta ao Mutuário {amount} {currency}, creditados na conta de fundos do Mutuário quando o pedido for aprovado.
2. Prazo: {period} dias a partir da aprovação. Um empréstimo aprovado hoje vence em {due_date}.
3. Juros: {interest_rate}% ao dia; os primeiros {free_period} dias não têm juros. Juros totais: {interest} {currency}.
4. Multa por atraso: um empréstimo não pago até ao vencimento tem uma multa de {penalty_rate}% do capital por cada dia de atraso.
5. Pagamento: o Mutuário paga o capital, os juros e qualquer multa num só pagamento até ao vencimento.
6. O Mutuário confirma que os dados de identidade fornecidos são verdadeiros e assina este contrato eletronicamente; a assinatura, a hora, o endereço IP e o dispositivo são registados como prova.`,
  ar: `اتفاقية قرض (الإصدار {version})
التاريخ: {date}
المُقرض: المنصة ("المُقرض"). المقترض: {borrower}، UID {uid} ("المقترض").
1. أصل القرض: يُقرض المُقرض المقترض {amount} {currency}، تُدفع إلى حساب التمويل الخاص بالمقترض عند الموافقة على الطلب.
2. المدة: {period} يومًا من تاريخ الموافقة. القرض الموافق عليه اليوم يستحق في {due_date}.
3. الفائدة: {interest_rate}% يوميًا؛ أول {free_period} أيام بدون فائدة. إجمالي الفائدة: {interest} {currency}.
4. غرامة التأخير: القرض غير المسدد بحلول تاريخ استحقاقه تُفرض عليه غرامة قدرها {penalty_rate}% من أصل القرض عن كل يوم تأخير.
5. السداد: يسدد المقترض أصل القرض والفائدة وأي غرامة دفعة واحدة بحلول تاريخ الاستحقاق.
6. يؤكد المقترض صحة بيانات الهوية المقدمة ويوقّع هذه الاتفاقية إلكترونيًا؛ ويتم تسجيل التوقيع والوقت وعنوان IP والجهاز كدليل.`,
  it: `Contratto di prestito (versione {version})
Data: {date}
Mutuante: la piattaforma («il Mutuante»). Mutuatario: {borrower}, UID {uid} («il Mutuatario»).
1. Capitale: il Mutuante presta al Mutuatario {amount} {currency}, accreditati sul conto fondi del Mutuatario all'approvazione della richiesta.
2. Durata: {period} giorni dall'approvazione. Un prestito approvato oggi scade il {due_date}.
3. Interessi: {interest_rate}% al giorno; i primi {free_period} giorni sono senza interessi. Interessi totali: {interest} {currency}.
4. Penale di mora: un prestito non rimborsato entro la scadenza comporta una penale del {penalty_rate}% del capitale per ogni giorno di ritardo.
5. Rimborso: il Mutuatario rimborsa capitale, interessi ed eventuali penali in un unico pagamento entro la scadenza.
6. Il Mutuatario conferma che i dati di identità forniti sono veri e firma elettronicamente questo contratto; firma, ora, indirizzo IP e dispositivo sono registrati come prova.`,
  tr: `Kredi Sözleşmesi (sürüm {version})
Tarih: {date}
Kredi veren: platform ("Kredi Veren"). Borçlu: {borrower}, UID {uid} ("Borçlu").
1. Anapara: Kredi Veren, Borçluya {amount} {currency} borç verir; tutar başvuru onaylandığında Borçlunun fon hesabına yatırılır.
2. Vade: onaydan itibaren {period} gün. Bugün onaylanan bir kredinin vadesi {due_date} tarihidir.
3. Faiz: günlük %{interest_rate}; ilk {free_period} gün faizsizdir. Toplam faiz: {interest} {currency}.
4. Gecikme ücreti: vadesinde geri ödenmeyen kredi için gecikilen her gün anaparanın %{penalty_rate} oranında gecikme ücreti alınır.
5. Geri ödeme: Borçlu anaparayı, faizi ve varsa gecikme ücretini vade tarihine kadar tek seferde öder.
6. Borçlu verdiği kimlik bilgilerinin doğru olduğunu onaylar ve bu sözleşmeyi elektronik olarak imzalar; imza, zaman, IP adresi ve cihaz kanıt olarak kaydedilir.`,
  id: `Perjanjian Pinjaman (versi {version})
Tanggal: {date}
Pemberi pinjaman: platform ("Pemberi Pinjaman"). Peminjam: {borrower}, UID {uid} ("Peminjam").
1. Pokok: Pemberi Pinjaman meminjamkan {amount} {currency} kepada Peminjam, dibayarkan ke akun dana Peminjam saat pengajuan disetujui.
2. Jangka waktu: {period} hari sejak persetujuan. Pinjaman yang disetujui hari ini jatuh tempo pada {due_date}.
3. Bunga: {interest_rate}% per hari; {free_period} hari pertama bebas bunga. Total bunga: {interest} {currency}.
4. Denda keterlambatan: pinjaman yang tidak dilunasi pada tanggal jatuh tempo dikenakan denda {penalty_rate}% dari pokok untuk setiap hari keterlambatan.
5. Pelunasan: Peminjam melunasi pokok, bunga, dan denda dalam satu pembayaran paling lambat pada tanggal jatuh tempo.
6. Peminjam menyatakan bahwa data identitas yang diberikan benar dan menandatangani perjanjian ini secara elektronik; tanda tangan, waktu, alamat IP, dan perangkat dicatat sebagai bukti.`,
  my: `Perjanjian Pinjaman (versi {version})
Tarikh: {date}
Pemberi pinjaman: platform ("Pemberi Pinjaman"). Peminjam: {borrower}, UID {uid} ("Peminjam").
1. Prinsipal: Pemberi Pinjaman meminjamkan {amount} {currency} kepada Peminjam, dibayar ke akaun dana Peminjam apabila permohonan diluluskan.
2. Tempoh: {period} hari dari tarikh kelulusan. Pinjaman yang diluluskan hari ini perlu dibayar pada {due_date}.
3. Faedah: {interest_rate}% sehari; {free_period} hari pertama tanpa faedah. Jumlah faedah: {interest} {currency}.
4. Caj lewat: pinjaman yang tidak dibayar balik pada tarikh matang dikenakan caj lewat {penalty_rate}% daripada prinsipal bagi setiap hari tertunggak.
5. Bayaran balik: Peminjam membayar balik prinsipal, faedah dan sebarang caj lewat dalam satu bayaran sebelum tarikh matang.
6. Peminjam mengesahkan bahawa maklumat identiti yang diberikan adalah benar dan menandatangani perjanjian ini secara elektronik; tandatangan, masa, alamat IP dan peranti direkodkan sebagai bukti.`,
  hi: `ऋण समझौता (संस्करण {version})
दिनांक: {date}
ऋणदाता: प्लेटफ़ॉर्म ("ऋणदाता")। ऋणी: {borrower}, UID {uid} ("ऋणी")।
1. मूलधन: ऋणदाता ऋणी को {amount} {currency} उधार देता है, जो आवेदन स्वीकृत होने पर ऋणी के फंडिंग खाते में जमा किया जाता है।
2. अवधि: स्वीकृति से {period} दिन। आज स्वीकृत ऋण की नियत तिथि {due_date} है।
3. ब्याज: प्रतिदिन {interest_rate}%; पहले {free_period} दिन ब्याज-मुक्त हैं। कुल ब्याज: {interest} {currency}।
4. विलंब शुल्क: नियत तिथि तक न चुकाए गए ऋण पर प्रत्येक विलंबित दिन के लिए मूलधन का {penalty_rate}% विलंब शुल्क लगता है।
5. पुनर्भुगतान: ऋणी नियत तिथि तक मूलधन, ब्याज और कोई भी विलंब शुल्क एक ही भुगतान में चुकाता है।
6. ऋणी पुष्टि करता है कि दी गई पहचान जानकारी सत्य है और इस समझौते पर इलेक्ट्रॉनिक रूप से हस्ताक्षर करता है; हस्ताक्षर, समय, IP पता और डिवाइस प्रमाण के रूप में दर्ज किए जाते हैं।`,
  cs: `Smlouva o půjčce (verze {version})
Datum: {date}
Věřitel: platforma („Věřitel“). Dlužník: {borrower}, UID {uid} („Dlužník“).
1. Jistina: Věřitel půjčuje Dlužníkovi {amount} {currency}, které jsou po schválení žádosti připsány na finanční účet Dlužníka.
2. Doba: {period} dní od schválení. Půjčka schválená dnes je splatná {due_date}.
3. Úrok: {interest_rate} % denně; prvních {free_period} dní je bez úroku. Úrok celkem: {interest} {currency}.
4. Poplatek z prodlení: z půjčky nesplacené do data splatnosti se účtuje poplatek {penalty_rate} % jistiny za každý den prodlení.
5. Splacení: Dlužník splatí jistinu, úrok a případné poplatky z prodlení jednou platbou do data splatnosti.
6. Dlužník potvrzuje, že uvedené údaje o totožnosti jsou pravdivé, a podepisuje tuto smlouvu elektronicky; podpis, čas, IP adresa a zařízení se zaznamenávají jako důkaz.`,
};
